import DiaryKit

/// `--from <date>` and `--to <date>`: a stretch of time, either end open; `diary export`
/// includes it alone, the other commands within ``PeriodOptions``.
struct DateRangeOptions: ParsableArguments {
    @Option(
        "from", valueName: "date",
        help: "Only entries from this day or moment on (2026-11-29, yesterday, 3 days ago, friday 18:00, 9am).")
    var from: DateSpecifier?
    @Option(
        "to", valueName: "date",
        help:
            "Only entries up to this day (all of it) or moment (2026-11-29 14:30, yesterday, 3 days ago, friday 18:00)."
    )
    var to: DateSpecifier?

    /// Refuses `--from` after `--to`, showing the times compared in the user's time zone.
    func validate(in context: ArgumentContext) throws(UsageError) {
        if let from, let to, from.start >= to.end {
            throw .invalid(Self.reversal(from: from, to: to, in: context.timeZone))
        }
    }

    /// The days from `--from` through `--to` (each entry on its own zone's clock) when both
    /// given are days; else the interval from `--from`'s start to `--to`'s end in this zone;
    /// nil when neither was given.
    var period: EntryFilter.Period? {
        guard from != nil || to != nil else { return nil }
        switch (from?.kind, to?.kind) {
        case (.day(let first)?, .day(let last)?): return .days(from: first, through: last)
        case (.day(let first)?, nil): return .days(from: first, through: nil)
        case (nil, .day(let last)?): return .days(from: nil, through: last)
        default: return .interval(start: from?.start, end: to?.end)
        }
    }
}

extension DateRangeOptions {
    /// `'--from 2026-11-30' (from 2026-11-30T00:00:00+01:00) is after '--to 2026-11-29'
    /// (up to 2026-11-30T00:00:00+01:00)`: the values and the times compared.
    static func reversal(from: DateSpecifier, to: DateSpecifier, in timeZone: any TimeZoneRules) -> String {
        func shown(_ date: DateSpecifier) -> String {
            switch date.kind {
            case .day(let day): day.description
            case .moment(let moment): ISO8601Timestamp.string(from: moment, in: timeZone)
            }
        }
        let start = ISO8601Timestamp.string(from: from.start, in: timeZone)
        let bound =
            switch to.kind {
            case .day: "up to " + ISO8601Timestamp.string(from: to.end, in: timeZone)
            case .moment(let moment): "up to and including " + ISO8601Timestamp.string(from: moment, in: timeZone)
            }
        let startText = if case .day = from.kind { " (from \(start))" } else { "" }
        let boundText = if case .day = to.kind { " (\(bound))" } else { "" }
        return "'--from \(shown(from))'\(startText) is after '--to \(shown(to))'\(boundText)"
    }
}
