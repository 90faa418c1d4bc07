import Foundation

extension DiaryDay {
    /// The weekday's English name, `Sunday` (from ``EnglishDateNames``).
    package var weekdayName: String { EnglishDateNames.weekdays[weekday - 1] }

    /// `Sunday, 29 November 2026`: the day as headings in listings, pages and exports show it.
    package var longName: String { "\(weekdayName), \(day) \(calendarMonth.name) \(year)" }
}
