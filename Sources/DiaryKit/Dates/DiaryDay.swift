import Foundation
import ObjectGraph

/// A calendar day as the user sees it (local year, month and day), independent of any
/// time zone until one is given to find its start and end.
public struct DiaryDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1…9999 when made from a year, month and day.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Makes a day of the proleptic Gregorian calendar; nil when no such day exists
    /// (`2026-02-30`, month 13) or the year is outside 1…9999, which no input accepts.
    public init?(year: Int, month: Int, day: Int) {
        guard WallClockTime.years.contains(year), (1...12).contains(month),
            (1...WallClockTime.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `days` after 1970-01-01 in the proleptic Gregorian calendar (before it when negative).
    public init(daysSince1970 days: Int) {
        (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
    }

    /// The number of days from 1970-01-01 to the given day in the proleptic Gregorian
    /// calendar (no check that the day exists).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        ProlepticGregorian.daysSince1970(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` (ASCII digits, exactly as many as each field has); nil for anything
    /// else or a day that does not exist. The one reader of a day: every `YYYY-MM-DD` the diary
    /// reads, typed or from a file, comes through it.
    public init?(iso text: some StringProtocol) {
        self.init(iso: text, strictness: .written)
    }

    /// Parses `YYYY-MM-DD` as ``init(iso:)`` does, with spaces and tabs around it allowed
    /// when `strictness` is ``ISO8601Timestamp/Strictness/typed``.
    package init?(iso text: some StringProtocol, strictness: ISO8601Timestamp.Strictness) {
        var scanner = ISO8601Scanner(strictness.significant(text))
        guard let day = scanner.day(), scanner.isAtEnd else { return nil }
        self = day
    }

    /// The local day of `date` in `timeZone` (cheap: the zone's offset at that moment and
    /// arithmetic, so grouping many entries by day is fast).
    public init(_ date: Date, in timeZone: any TimeZoneRules) {
        let seconds = date.clampedSecondsSince1970.rounded(.down) + Double(timeZone.secondsFromGMT(for: date))
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    /// The number of days from 1970-01-01 to this day.
    public var daysSince1970: Int {
        Self.daysSince1970(year: year, month: month, day: day)
    }

    /// The weekday, 1 for Sunday through 7 for Saturday (as `Calendar` counts).
    public var weekday: Int {
        let sinceThursday = (daysSince1970 % 7 + 7) % 7  // 1970-01-01 was a Thursday
        return (sinceThursday + 4) % 7 + 1
    }

    /// The first instant of the day in `timeZone`: midnight, or when a daylight-saving change
    /// skips midnight, the moment the clocks resume.
    public func start(in timeZone: any TimeZoneRules) -> Date {
        timeZone.startOfDay(daysSince1970: daysSince1970)
    }

    /// The whole local day in `timeZone`: from its first moment to the first moment of the
    /// next day, so 23 or 25 hours long on a daylight-saving change.
    public func interval(in timeZone: any TimeZoneRules) -> DateInterval {
        DateInterval(start: start(in: timeZone), end: next.start(in: timeZone))
    }

    /// The day after this one.
    public var next: DiaryDay { adding(days: 1) }

    /// The day `days` after (or before, when negative) this one.
    public func adding(days: Int) -> DiaryDay {
        DiaryDay(daysSince1970: daysSince1970 + days)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2)
    }

    /// Earlier days first.
    public static func < (lhs: DiaryDay, rhs: DiaryDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
