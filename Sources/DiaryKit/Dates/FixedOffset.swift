import Foundation

/// A zone of one constant offset from UTC, such as a camera's `OffsetTimeOriginal`.
public struct FixedOffset: TimeZoneRules, Hashable {
    /// Seconds east of UTC.
    public var seconds: Int

    /// The zone `seconds` east of UTC.
    public init(seconds: Int) { self.seconds = seconds }

    /// `UTC+09:00`, `UTC-04:00`.
    public var identifier: String {
        let minutes = abs(seconds) / 60
        let hours = minutes / 60, rest = minutes % 60
        return "UTC" + (seconds < 0 ? "-" : "+") + hours.zeroPadded(2) + ":" + rest.zeroPadded(2)
    }

    /// None: an offset is not a place.
    public var ianaIdentifier: String? { nil }

    /// Always `seconds`.
    public func secondsFromGMT(for date: Date) -> Int { seconds }
}

extension FixedOffset {
    /// Reads ``identifier``'s form back: `UTC+09:00`, `UTC-04:30`; nil for anything else or an
    /// offset beyond ±18 hours.
    public init?(identifier: String) {
        let bytes = Array(identifier.utf8)
        guard bytes.count == 9, identifier.hasPrefix("UTC"),
            bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-"),
            bytes[6] == UInt8(ascii: ":"),
            let hours = WallClockTime.number(bytes[4..<6]), let minutes = WallClockTime.number(bytes[7..<9]),
            hours <= 18, minutes < 60
        else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        guard seconds <= 18 * 3600 else { return nil }
        self.init(seconds: bytes[3] == UInt8(ascii: "-") ? -seconds : seconds)
    }
}
