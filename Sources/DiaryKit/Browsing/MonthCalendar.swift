import Foundation

/// How many entries each local day of one month has: what `diary calendar` shows.
public struct MonthCalendar: Sendable, Hashable {
    /// The year.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// Entry counts of the days that have entries (days without entries are absent).
    public var counts: [DiaryDay: Int]

    /// Makes a calendar.
    public init(year: Int, month: Int, counts: [DiaryDay: Int]) {
        self.year = year
        self.month = month
        self.counts = counts
    }

    /// `YYYY-MM`, as `diary calendar --json` prints the month.
    public var monthString: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) }

    /// Every day of the month, in order (none for a month that does not exist).
    public var days: [DiaryDay] { CalendarMonth(year: year, month: month)?.days ?? [] }
}
