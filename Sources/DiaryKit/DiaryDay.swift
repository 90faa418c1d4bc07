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

    /// Makes a day; nil when no such day exists (e.g. 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        guard (1...12).contains(month), (1...31).contains(day),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day else { return nil }
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
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// Midnight at the start of the day in `timeZone` (the first instant of the day when a
    /// DST change skips midnight).
    public func start(in timeZone: TimeZone) -> Date {
        let calendar = Self.calendar(timeZone)
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
        return calendar.startOfDay(for: noon)
    }

    /// The day after this one.
    public var next: DiaryDay { adding(days: 1) }

    /// The day `days` after (or before, when negative) this one.
    public func adding(days: Int) -> DiaryDay {
        let calendar = Self.calendar(TimeZone(identifier: "UTC") ?? .current)
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
        return DiaryDay(calendar.date(byAdding: .day, value: days, to: noon) ?? noon, in: calendar.timeZone)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Earlier days first.
    public static func < (lhs: DiaryDay, rhs: DiaryDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// A Gregorian calendar in `timeZone`.
    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
