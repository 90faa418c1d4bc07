import DiaryKit
import Foundation

/// A year of the Gregorian calendar (`2026`).
package struct CalendarYear: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1…9999.
    package let year: Int

    /// Makes a year, or nil outside 1…9999.
    package init?(_ year: Int) {
        guard (1...9999).contains(year) else { return nil }
        self.year = year
    }

    /// Its twelve months.
    package var months: [CalendarMonth] {
        (1...12).map { CalendarMonth(unchecked: year, $0) }
    }

    /// The whole year in `timeZone`.
    package func interval(in timeZone: any TimeZoneRules) -> DateInterval {
        DateInterval(start: CalendarMonth(unchecked: year, 1).firstDay.start(in: timeZone),
                     end: CalendarMonth(unchecked: year + 1, 1).firstDay.start(in: timeZone))
    }

    /// `YYYY`.
    package var description: String { year.zeroPadded(4) }

    /// Earlier years first.
    package static func < (lhs: CalendarYear, rhs: CalendarYear) -> Bool { lhs.year < rhs.year }
}

extension CalendarYear: ExpressibleByArgument {
    /// Four digits, `YYYY`.
    package init?(argument: String, context: ArgumentContext) {
        guard argument.count == 4, argument.allSatisfy(\.isASCIIDigit), let year = Int(argument) else { return nil }
        self.init(year)
    }

    /// An example year.
    package static var acceptedForms: [String] { ["2026"] }
}

extension Character {
    /// Whether this is one of `0`…`9` (and not some other script's digit).
    var isASCIIDigit: Bool { isASCII && isNumber }
}
