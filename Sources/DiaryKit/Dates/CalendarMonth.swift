import Foundation

/// A month of the Gregorian calendar (`2026-11`): what `--month`, `diary calendar` and
/// ``EntryFilter/Period/month(_:)`` name.
public struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int

    /// Makes a month, or nil when there is no such month.
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.init(unchecked: year, month)
    }

    /// Parses `YYYY-MM` (ASCII digits, exactly four and two); nil for anything else or a month
    /// outside years 1…9999. With ``ISO8601Timestamp/Strictness/typed`` spaces and tabs around
    /// it are allowed.
    package init?(iso text: some StringProtocol, strictness: ISO8601Timestamp.Strictness) {
        var scanner = ISO8601Scanner(strictness.significant(text))
        guard let (year, month) = scanner.yearAndMonth(), scanner.isAtEnd else { return nil }
        self.init(year: year, month: month)
    }

    init(unchecked year: Int, _ month: Int) {
        self.year = year
        self.month = month
    }

    /// The month `date` falls in, in `timeZone`.
    public init(containing date: Date, in timeZone: any TimeZoneRules) {
        self = DiaryDay(date, in: timeZone).calendarMonth
    }

    /// The month `day` is in.
    public init(of day: DiaryDay) {
        self.init(unchecked: day.year, day.month)
    }

    /// The month a wall-clock reading is in (any year, as computed from an instant).
    init(of clock: WallClockTime) {
        self.init(unchecked: clock.year, clock.month)
    }

    /// The first day of the month.
    public var firstDay: DiaryDay { days[0] }

    /// Every day of the month, in order.
    public var days: [DiaryDay] {
        (1...WallClockTime.daysIn(month: month, year: year)).compactMap {
            DiaryDay(year: year, month: month, day: $0)
        }
    }

    /// The month `count` months later (earlier when negative).
    public func adding(months count: Int) -> CalendarMonth {
        let index = year * 12 + (month - 1) + count
        return CalendarMonth(unchecked: index / 12, index % 12 + 1)
    }

    /// The whole month in `timeZone`, from the first moment of its first
    /// day to the first moment of the next month.
    public func interval(in timeZone: any TimeZoneRules) -> DateInterval {
        DateInterval(
            start: firstDay.start(in: timeZone),
            end: adding(months: 1).firstDay.start(in: timeZone))
    }

    /// `YYYY-MM`.
    public var description: String {
        year.zeroPadded(4) + "-" + month.zeroPadded(2)
    }

    /// Earlier months first.
    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

extension DiaryDay {
    /// The month the day is in.
    public var calendarMonth: CalendarMonth { CalendarMonth(of: self) }
}
