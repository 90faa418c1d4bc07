import Foundation

/// When a mirrored change was made, by a hybrid logical clock: milliseconds of the saving
/// device's wall clock, a counter for changes within one millisecond (or made while the device's
/// clock was behind one it had heard from), and the device, which breaks ties. Stamps order
/// changes so that every device picks the same last writer, and a change made after another was
/// received always stamps later, however far apart the devices' clocks are.
///
/// Written as text that sorts as the stamps do: `0000193e4a1b2c3d.0000.<device>`.
public struct MirrorStamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970 (of the clock that made the stamp, or later).
    public let milliseconds: UInt64
    /// Orders stamps of one millisecond.
    public let counter: UInt32
    /// The device that made the stamp.
    public let device: String

    /// A stamp from its parts.
    public init(milliseconds: UInt64, counter: UInt32, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// Earlier stamps first; the device breaks ties.
    public static func < (lhs: MirrorStamp, rhs: MirrorStamp) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.device) < (rhs.milliseconds, rhs.counter, rhs.device)
    }

    /// The text form, which sorts as the stamps do.
    public var description: String {
        let time = String(milliseconds, radix: 16), count = String(counter, radix: 16)
        return String(repeating: "0", count: max(0, 16 - time.count)) + time + "."
            + String(repeating: "0", count: max(0, 4 - count.count)) + count + "." + device
    }

    /// The stamp of a text form; nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let time = UInt64(parts[0], radix: 16), let count = UInt32(parts[1], radix: 16),
            !parts[2].isEmpty
        else { return nil }
        self.init(milliseconds: time, counter: count, device: String(parts[2]))
    }

    /// The stamp that follows this one (the same device's next), for a mark that must come
    /// after it and be the same wherever it is made.
    var justAfter: MirrorStamp {
        counter == UInt32.max
            ? MirrorStamp(milliseconds: milliseconds + 1, counter: 0, device: device)
            : MirrorStamp(milliseconds: milliseconds, counter: counter + 1, device: device)
    }

    /// When the stamp was made, as a date (to the millisecond).
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let stamp = MirrorStamp(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a stamp: \(text)"))
        }
        self = stamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

// swift-format-ignore: UseSynthesizedInitializer
// (the synthesized initializer would be private, as `last`'s setter is)
/// A device's hybrid logical clock: hands out stamps that only grow, ahead of every stamp the
/// device has seen.
struct MirrorClock: Sendable {
    /// The device the stamps name.
    let device: String
    /// The last stamp handed out or seen.
    private(set) var last: MirrorStamp?

    init(device: String, last: MirrorStamp?) {
        self.device = device
        self.last = last
    }

    /// A stamp for a change made at `date`: at that millisecond, or just after the last stamp
    /// when that is later.
    mutating func stamp(at date: Date) -> MirrorStamp {
        let wall = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        let stamp: MirrorStamp
        if let last, last.milliseconds >= wall {
            stamp =
                last.counter == UInt32.max
                ? MirrorStamp(milliseconds: last.milliseconds + 1, counter: 0, device: device)
                : MirrorStamp(milliseconds: last.milliseconds, counter: last.counter + 1, device: device)
        } else {
            stamp = MirrorStamp(milliseconds: wall, counter: 0, device: device)
        }
        last = stamp
        return stamp
    }

    /// Moves the clock past a stamp received from another device.
    mutating func observe(_ stamp: MirrorStamp) {
        if last.map({ stamp > $0 }) ?? true {
            last = MirrorStamp(milliseconds: stamp.milliseconds, counter: stamp.counter, device: device)
        }
    }
}
