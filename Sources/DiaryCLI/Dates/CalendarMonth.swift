import DiaryKit
import Foundation

/// A month of the Gregorian calendar (`2026-11`), for `--month` and `diary calendar`.
package struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1…9999.
    package let year: Int
    /// The month, 1…12.
    package let month: Int

    /// Makes a month, or nil when there is no such month.
    package init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.init(unchecked: year, month)
    }

    init(unchecked year: Int, _ month: Int) {
        self.year = year
        self.month = month
    }

    /// The month `date` falls in, in `timeZone`.
    package init(containing date: Date, in timeZone: any TimeZoneRules) {
        self = DiaryDay(date, in: timeZone).calendarMonth
    }

    /// The first day of the month.
    package var firstDay: DiaryDay { days[0] }

    /// Every day of the month, in order.
    package var days: [DiaryDay] {
        (1...WallClockTime.daysIn(month: month, year: year)).compactMap {
            DiaryDay(year: year, month: month, day: $0)
        }
    }

    /// The month `count` months later (earlier when negative).
    package func adding(months count: Int) -> CalendarMonth {
        let index = year * 12 + (month - 1) + count
        return CalendarMonth(unchecked: index / 12, index % 12 + 1)
    }

    /// The whole month in `timeZone`, from the first moment of its first
    /// day to the first moment of the next month.
    package func interval(in timeZone: any TimeZoneRules) -> DateInterval {
        DateInterval(start: firstDay.start(in: timeZone),
                     end: adding(months: 1).firstDay.start(in: timeZone))
    }

    /// `YYYY-MM`.
    package var description: String {
        year.zeroPadded(4) + "-" + month.zeroPadded(2)
    }

    /// Earlier months first.
    package static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

extension CalendarMonth: ExpressibleByArgument {
    /// `YYYY-MM`.
    package init?(argument: String, context: ArgumentContext) {
        guard let month = DateTextScanner.month(from: argument) else { return nil }
        self = month
    }

    /// An example month.
    package static var acceptedForms: [String] { ["2026-11"] }
}
