import Foundation

extension CalendarMonth {
    /// The month's English name, `November` (from ``EnglishDateNames``).
    package var name: String { EnglishDateNames.months[month - 1] }

    /// `November 2026`: the month as listings, the calendar and the book title it.
    package var title: String { "\(name) \(year)" }
}
