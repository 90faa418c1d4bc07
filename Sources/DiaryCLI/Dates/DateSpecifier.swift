import DiaryKit
import Foundation

/// A date as a user writes it on the command line: either a whole day (`2026-11-29`,
/// `today`, `last monday`, `3 days ago`) or a moment (`2026-11-29 14:30`,
/// `2026-11-29T14:30:15+01:00`, `yesterday 21:00`, `9:30pm`).
///
/// A moment without an offset is local time in ``ArgumentContext/timeZone`` (which
/// honours `TZ`); `Z` or `±HH:MM` fix it. A local time that a daylight-saving change
/// skips is refused, with a hint naming the gap; one it repeats is taken at its first
/// occurrence, with a ``note`` saying so (and how to write the second).
///
/// Commands use ``start`` for a lower bound (`--from`) and ``end`` for an exclusive
/// upper bound (`--to`): `--to 2026-11-30` then includes all of the 30th, and
/// `--to 2026-11-30 14:30` includes 14:30 itself (to the millisecond times are kept to).
package struct DateSpecifier: Hashable, Sendable, NotingArgument {
    /// What was written.
    package enum Kind: Hashable, Sendable {
        /// A date without a time: the whole local day.
        case day(DiaryDay)
        /// A date with a time.
        case moment(Date)
    }

    /// Whether a day or a moment was given.
    package let kind: Kind
    /// The stretch of time meant: the whole local day, or the moment's millisecond.
    package let interval: DateInterval
    /// The local day the date falls on.
    package let day: DiaryDay
    /// What the user should know about how the date was read (an ambiguous local time).
    package var note: String?

    /// A whole day in `timeZone`.
    package init(day: DiaryDay, in timeZone: any TimeZoneRules) {
        kind = .day(day)
        interval = day.interval(in: timeZone)
        self.day = day
    }

    /// A moment, whose ``day`` is taken in `timeZone`.
    package init(moment: Date, in timeZone: any TimeZoneRules) {
        kind = .moment(moment)
        interval = DateInterval(start: moment, duration: 0.001)
        day = DiaryDay(moment, in: timeZone)
    }

    /// The first moment meant (the day's start, or the moment itself).
    package var start: Date { interval.start }
    /// The end of what is meant, exclusive: the next day's start for a day, a millisecond
    /// after a moment (so the moment itself is included).
    package var end: Date { interval.end }
}

extension DateSpecifier: ExpressibleByArgument {
    /// `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (or `T` between), an optional `Z` or
    /// `±HH:MM` offset, and the natural dates of ``DateTextScanner/natural(from:context:)``.
    package init?(argument: String, context: ArgumentContext) {
        let zone = context.timeZone
        if let day = DateTextScanner.day(from: argument, context: context) {
            self.init(day: day, in: zone)
            return
        }
        guard let typed = DateTextScanner.moment(from: argument, context: context) else { return nil }
        switch typed.resolution {
        case .unique(let moment):
            self.init(moment: moment, in: zone)
        case .repeated(let first, let second):
            self.init(moment: first, in: zone)
            note =
                "\(typed.subject) occurs twice in \(zone.identifier) (the clocks were put back that night); "
                + "taking the first, \(Self.offsetForm(typed.clock, at: first, in: zone)). "
                + "For the second, write \(Self.offsetForm(typed.clock, at: second, in: zone))."
        case .skipped:
            return nil
        }
    }

    /// For a local time that clocks skipped: which gap it falls in.
    package static func explanation(ofInvalid argument: String, context: ArgumentContext) -> String? {
        let zone = context.timeZone
        guard let typed = DateTextScanner.moment(from: argument, context: context),
            case .skipped(let gap) = typed.resolution
        else { return nil }
        // Natural words take no offset: show the ISO form that says the moment the clocks resumed at.
        let advice =
            typed.spelling == nil
            ? "one with an offset"
            : "a date and time with an offset such as " + offsetForm(of: gap.movedForward, in: zone)
        return "\(typed.subject) does not exist in \(zone.identifier): on \(gap.firstSkipped.dayString) "
            + "the clocks went from \(gap.firstSkipped.minuteString) straight to \(gap.resumedAt.minuteString). "
            + "Give a time outside that gap, or \(advice)."
    }

    /// Examples of every accepted form.
    package static var acceptedForms: [String] {
        [
            "2026-11-29", "2026-11-29 14:30", "2026-11-29T14:30:15", "2026-11-29T14:30+01:00",
            "today", "yesterday", "tomorrow", "14:30", "9am", "9:30pm", "yesterday 21:00", "today 9am",
            "monday", "last monday", "mon", "friday 18:00", "3 days ago", "2 weeks ago", "3 days ago 08:00"
        ]
    }

    /// `2026-03-29T03:30+02:00`: `instant` with its local offset, seconds only when not zero.
    private static func offsetForm(of instant: Date, in zone: any TimeZoneRules) -> String {
        let stamp = ISO8601Timestamp.string(from: instant, in: zone)
        let seconds = stamp.dropFirst(16).prefix(3)
        return String(stamp.prefix(16) + (seconds == ":00" ? "" : seconds) + stamp.suffix(6))
    }

    /// `2026-10-25T02:30+02:00`: the reading with the offset `instant` has.
    private static func offsetForm(_ clock: WallClockTime, at instant: Date, in zone: any TimeZoneRules) -> String {
        let stamp = ISO8601Timestamp.string(from: instant, in: zone)
        return clock.dayString + "T" + clock.minuteString + (clock.second == 0 ? "" : stamp.dropFirst(16).prefix(3))
            + stamp.suffix(6)
    }
}
