import Foundation
import ObjectGraph

/// A local date and time without a zone (`2026-11-29 14:30`) in the proleptic Gregorian
/// calendar, years 1…9999: what a user types, what jrnl stores, what a listing shows.
/// It becomes an instant only in a zone, through ``resolved(in:)``, by offset arithmetic
/// (no `Calendar`, whose Gregorian calendar turns Julian before 15 October 1582, and none
/// made per call, which would dominate a large import).
package struct WallClockTime: Sendable, Hashable, CustomStringConvertible {
    /// The years every input accepts: four digits, and no year 0 (ISO 8601 would read it as
    /// 1 BC, other tools as an error).
    package static let years = 1...9999

    /// The year, 1…9999 when parsed or checked (any year when computed from an instant).
    package var year: Int
    /// The month, 1…12.
    package var month: Int
    /// The day of the month, 1…31.
    package var day: Int
    /// The hour, 0…23.
    package var hour = 0
    /// The minute, 0…59.
    package var minute = 0
    /// The second, 0…59.
    package var second = 0
    /// Nanoseconds into the second.
    package var nanosecond = 0

    /// A checked time; nil unless it is a real day of years 1…9999 and a real time of day.
    package init?(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
        nanosecond: Int = 0
    ) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day), (0..<24).contains(hour),
            (0..<60).contains(minute), (0..<60).contains(second), (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.nanosecond) = (hour, minute, second, nanosecond)
    }

    /// Midnight at the start of `day`.
    package init(_ day: DiaryDay) {
        self.init(year: day.year, month: day.month, day: day.day)
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
            minute < 60
        else { return nil }
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

    /// Seconds from 1970-01-01 00:00 to this reading, as if it were UTC.
    package var secondsAsUTC: Double {
        Double(daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second) + Double(nanosecond) / 1e9
    }

    /// Days from 1970-01-01 to this day.
    package var daysSince1970: Int {
        ProlepticGregorian.daysSince1970(year: year, month: month, day: day)
    }

    /// What this reading names in `zone`: one instant, none (clocks skipped it), or two
    /// (clocks showed it twice). Importers of zone-less times take its
    /// ``LocalTimeResolution/importedInstant``; typed times refuse a skipped reading.
    package func resolved(in zone: any TimeZoneRules) -> LocalTimeResolution {
        zone.resolve(localSeconds: secondsAsUTC)
    }

    /// The wall-clock time of `date` in `zone` (times beyond ±300,000 years are clamped).
    package init(_ date: Date, in zone: any TimeZoneRules) {
        self.init(secondsAsUTC: date.clampedSecondsSince1970 + Double(zone.secondsFromGMT(for: date)))
    }

    /// The reading `seconds` after 1970-01-01 00:00 (any year, unchecked).
    package init(secondsAsUTC seconds: Double) {
        let whole = seconds.rounded(.down)
        let days = Int((whole / 86_400).rounded(.down))
        let secondOfDay = Int(whole) - days * 86_400
        (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
        (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        nanosecond = min(999_999_999, Int(((seconds - whole) * 1e9).rounded(.down)))
    }

    /// Midnight of a day, unchecked (``init(_:)`` takes a checked one).
    init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// `2026-11-29`.
    package var dayString: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    /// `14:30`.
    package var minuteString: String { "\(hour.zeroPadded(2)):\(minute.zeroPadded(2))" }

    /// `2026-11-29 14:30`: the reading to the minute.
    package var dayAndMinuteString: String { dayString + " " + minuteString }

    /// `2026-11-29 14:30`, with `:05` when the seconds are not zero.
    package var description: String {
        dayAndMinuteString + (second == 0 ? "" : ":" + second.zeroPadded(2))
    }

    /// `offset` (seconds east of UTC) as ISO 8601 can write it: itself when it is whole
    /// minutes, else rounded up to the next whole minute (see ``ISO8601Timestamp``).
    package static func writableOffset(_ offset: Int) -> Int {
        offset % 60 == 0 ? offset : (offset / 60 + (offset > 0 ? 1 : 0)) * 60
    }

    // MARK: Calendar arithmetic

    /// The number of days in a month of the proleptic Gregorian calendar.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The value of `bytes` when all are ASCII digits (and there is one or more); nil otherwise.
    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }

}

extension Date {
    /// Seconds since 1970 limited to ±10^13 (about ±300,000 years), NaN read as 0: a store
    /// whose file was damaged can hold any double as a time, and it must not trap in `Int(_:)`.
    package var clampedSecondsSince1970: Double {
        let seconds = timeIntervalSince1970
        guard !seconds.isNaN else { return 0 }
        return min(max(seconds, -Self.clampedSecondsLimit), Self.clampedSecondsLimit)
    }

    /// The bound of ``clampedSecondsSince1970``: 10^13 seconds, so every later `Int` step
    /// (milliseconds, days) fits.
    package static var clampedSecondsLimit: Double {
        1e13
    }
}
