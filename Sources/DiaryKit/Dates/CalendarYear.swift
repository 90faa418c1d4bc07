import Foundation

/// A year of the Gregorian calendar (`2026`): what `--year` and ``EntryFilter/Period/year(_:)`` name.
public struct CalendarYear: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int

    /// Makes a year, or nil outside 1…9999.
    public init?(_ year: Int) {
        guard (1...9999).contains(year) else { return nil }
        self.init(unchecked: year)
    }

    init(unchecked year: Int) {
        self.year = year
    }

    /// Its twelve months.
    public var months: [CalendarMonth] {
        (1...12).map { CalendarMonth(unchecked: year, $0) }
    }

    /// The whole year in `timeZone`.
    public func interval(in timeZone: any TimeZoneRules) -> DateInterval {
        DateInterval(
            start: CalendarMonth(unchecked: year, 1).firstDay.start(in: timeZone),
            end: CalendarMonth(unchecked: year + 1, 1).firstDay.start(in: timeZone))
    }

    /// `YYYY`.
    public var description: String { year.zeroPadded(4) }

    /// Earlier years first.
    public static func < (lhs: CalendarYear, rhs: CalendarYear) -> Bool { lhs.year < rhs.year }
}
