import Foundation
import ObjectGraph

/// A calendar day as the user sees it (local year, month and day), independent of any
/// time zone until one is given to find its start and end.
public struct DiaryDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Makes a day of the proleptic Gregorian calendar; nil when no such day exists (e.g. 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...WallClockTime.daysIn(month: month, year: year)).contains(day)
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

    /// Parses `YYYY-MM-DD`; nil for anything else or a day that does not exist.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local day of `date` in `timeZone`.
    public init(_ date: Date, in timeZone: any TimeZoneRules) {
        let clock = WallClockTime(date, in: timeZone)
        (year, month, day) = (clock.year, clock.month, clock.day)
    }

    /// The first instant of the day in `timeZone`: midnight, or when a daylight-saving change
    /// skips midnight, the moment the clocks resume.
    public func start(in timeZone: any TimeZoneRules) -> Date {
        timeZone.startOfDay(daysSince1970: Self.daysSince1970(year: year, month: month, day: day))
    }

    /// The day after this one.
    public var next: DiaryDay { adding(days: 1) }

    /// The day `days` after (or before, when negative) this one.
    public func adding(days: Int) -> DiaryDay {
        DiaryDay(daysSince1970: Self.daysSince1970(year: year, month: month, day: day) + days)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Earlier days first.
    public static func < (lhs: DiaryDay, rhs: DiaryDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
