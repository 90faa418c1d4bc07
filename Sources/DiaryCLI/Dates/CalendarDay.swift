import DiaryKit
import Foundation

/// A day of the Gregorian calendar (`2026-11-29`), independent of any time zone until
/// it is turned into the stretch of time it covers with ``interval(in:)``.
///
/// As a command-line value it accepts `YYYY-MM-DD` and the natural days `today`,
/// `yesterday`, `tomorrow`, `monday` (`mon`, `last monday`), `3 days ago` and `2 weeks ago`
/// (relative to ``ArgumentContext/now`` in its zone); a time of day is refused.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…31.
    public let day: Int

    /// Makes a day, or nil when there is no such day (`2026-02-30`, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.numberOfDays(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day on which `date` falls in `timeZone` (cheap: the zone's offset at that moment
    /// and arithmetic, so grouping many entries by day is fast).
    public init(containing date: Date, in timeZone: any TimeZoneRules) {
        let seconds = date.boundedSecondsSince1970.rounded(.down)
        let offset = timeZone.secondsFromGMT(for: date)
        self.init(daysSinceEpoch: (Int(seconds) + offset).quotientAndRemainderFlooring(86_400).quotient)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The month the day is in.
    public var calendarMonth: CalendarMonth {
        CalendarMonth(unchecked: year, month)
    }

    /// The weekday, 1 for Sunday through 7 for Saturday (as `Calendar` counts).
    public var weekday: Int {
        let sinceThursday = (daysSinceEpoch % 7 + 7) % 7 // 1970-01-01 was a Thursday
        return (sinceThursday + 4) % 7 + 1
    }

    /// The whole local day in `timeZone`: from its first moment to the first moment of the
    /// next day, so 23 or 25 hours long on a daylight-saving change.
    public func interval(in timeZone: any TimeZoneRules) -> DateInterval {
        DateInterval(start: startDate(in: timeZone), end: adding(days: 1).startDate(in: timeZone))
    }

    /// The first moment of the day in `timeZone`: midnight, or the moment the clocks
    /// resume when a daylight-saving change skips midnight.
    public func startDate(in timeZone: any TimeZoneRules) -> Date {
        timeZone.startOfDay(daysSince1970: daysSinceEpoch)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2)
    }

    /// Earlier days first.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func numberOfDays(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Days since 1970-01-01 and back: DiaryKit's day arithmetic.
    var daysSinceEpoch: Int {
        DiaryDay.daysSince1970(year: year, month: month, day: day)
    }

    init(daysSinceEpoch: Int) {
        let day = DiaryDay(daysSince1970: daysSinceEpoch)
        self.init(unchecked: day.year, day.month, day.day)
    }
}

extension CalendarDay: ExpressibleByArgument {
    /// `YYYY-MM-DD` or a natural day without a time.
    public init?(argument: String, context: ArgumentContext) {
        guard let day = DateTextScanner.day(from: argument, context: context) else { return nil }
        self = day
    }

    /// For a date with a time of day (`yesterday 21:00`) where only a day is taken: that the
    /// time is what is wrong, and the forms of a day.
    public static func explanation(ofInvalid argument: String, context: ArgumentContext) -> String? {
        guard DateTextScanner.moment(from: argument, context: context) != nil else { return nil }
        return "\(argument.trimmingCharacters(in: .whitespaces)) has a time of day, but a whole day is wanted here. "
            + "Accepted forms: " + acceptedForms.joined(separator: ", ") + "."
    }

    /// Examples of a day.
    public static var acceptedForms: [String] {
        ["2026-11-29", "today", "yesterday", "tomorrow", "monday", "last monday", "mon", "3 days ago", "2 weeks ago"]
    }
}
