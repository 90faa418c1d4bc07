import Foundation
import ObjectGraph

/// A local date and time without a zone (`2026-11-29 14:30`), as jrnl stores them, and
/// the conversions between it and an instant by offset arithmetic (no `Calendar` per call,
/// which would dominate a large import).
struct WallClockTime: Sendable, Hashable {
    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0

    /// Parses `yyyy-MM-dd`; nil unless it is a real date.
    static func date(_ text: Substring) -> WallClockTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        return WallClockTime(year: year, month: month, day: day)
    }

    /// Adds `HH:mm`, `HH:mm:ss` or `hh:mm:ss AM|PM` to a date; nil unless it is a real time.
    func at(_ text: Substring) -> WallClockTime? {
        var clock = text
        var meridiem: Int?
        if clock.hasSuffix(" AM") || clock.hasSuffix(" PM") {
            meridiem = clock.hasSuffix(" PM") ? 12 : 0
            clock = clock.dropLast(3)
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.utf8.count == 2 }),
              var hour = Self.number(ArraySlice(parts[0].utf8)), let minute = Self.number(ArraySlice(parts[1].utf8)),
              minute < 60 else { return nil }
        let second = parts.count == 3 ? Self.number(ArraySlice(parts[2].utf8)) : 0
        guard let second, second < 60 else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + meridiem
        }
        guard hour < 24 else { return nil }
        var result = self
        (result.hour, result.minute, result.second) = (hour, minute, second)
        return result
    }

    /// The instant this wall-clock time names in `zone`. In a gap (clocks put forward) the
    /// later offset applies; in an overlap the earlier instant is chosen.
    func instant(in zone: TimeZone) -> Date {
        let naive = Double(ProlepticGregorian.daysSince1970(year: year, month: month, day: day) * 86_400
                           + hour * 3600 + minute * 60 + second)
        let first = naive - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: naive)))
        let second = naive - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: first)))
        return Date(timeIntervalSince1970: min(first, second))
    }

    /// The wall-clock time of `date` in `zone`.
    init(_ date: Date, in zone: TimeZone) {
        let local = Int((date.timeIntervalSince1970).rounded(.down)) + zone.secondsFromGMT(for: date)
        let days = Int((Double(local) / 86_400).rounded(.down))
        let seconds = local - days * 86_400
        (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
        (hour, minute, second) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// `2026-11-29`.
    var dayString: String {
        "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }

    /// `14:30`.
    var minuteString: String { "\(Self.padded(hour, 2)):\(Self.padded(minute, 2))" }

    // MARK: Calendar arithmetic

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
