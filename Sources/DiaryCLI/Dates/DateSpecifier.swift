import Foundation

/// A date as a user writes it on the command line: either a whole day (`2026-11-29`,
/// `today`) or a moment (`2026-11-29 14:30`, `2026-11-29T14:30:15+01:00`).
///
/// A moment without an offset is local time in ``ArgumentContext/calendar``'s time
/// zone (which honours `TZ`); `Z` or `±HH:MM` fix it. A time that a daylight-saving
/// change skips or repeats is resolved the way `Calendar` does (the later valid time
/// for a skipped one, the first occurrence for a repeated one).
///
/// Commands use ``start`` for a lower bound (`--from`) and ``end`` for an exclusive
/// upper bound (`--to`): `--to 2026-11-30` then includes all of the 30th.
public struct DateSpecifier: Hashable, Sendable {
    /// What was written.
    public enum Kind: Hashable, Sendable {
        /// A date without a time: the whole local day.
        case day(CalendarDay)
        /// A date with a time.
        case moment(Date)
    }

    /// Whether a day or a moment was given.
    public let kind: Kind
    /// The stretch of time meant: the whole local day, or zero length at the moment.
    public let interval: DateInterval
    /// The local day the date falls on.
    public let day: CalendarDay

    /// A whole day in `calendar`'s time zone.
    public init(day: CalendarDay, in calendar: Calendar) {
        kind = .day(day)
        interval = day.interval(in: calendar)
        self.day = day
    }

    /// A moment, whose ``day`` is taken in `calendar`'s time zone.
    public init(moment: Date, in calendar: Calendar) {
        kind = .moment(moment)
        interval = DateInterval(start: moment, duration: 0)
        day = CalendarDay(containing: moment, in: calendar)
    }

    /// The first moment meant (the day's start, or the moment itself).
    public var start: Date { interval.start }
    /// The end of what is meant, exclusive for a day (the next day's start); the moment itself for a moment.
    public var end: Date { interval.end }
}

extension DateSpecifier: ExpressibleByArgument {
    /// `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (or `T` between), an optional `Z` or
    /// `±HH:MM` offset, and the words `today`, `yesterday`, `tomorrow`.
    public init?(argument: String, context: ArgumentContext) {
        if let day = DateTextScanner.day(from: argument, context: context) {
            self.init(day: day, in: context.calendar)
        } else if let moment = DateTextScanner.moment(from: argument, calendar: context.calendar) {
            self.init(moment: moment, in: context.calendar)
        } else {
            return nil
        }
    }

    /// Examples of every accepted form.
    public static var acceptedForms: [String] {
        ["2026-11-29", "2026-11-29 14:30", "2026-11-29T14:30:15", "2026-11-29T14:30+01:00",
         "today", "yesterday", "tomorrow"]
    }
}
