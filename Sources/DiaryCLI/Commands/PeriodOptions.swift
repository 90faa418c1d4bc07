import DiaryKit

/// The date options shared by the commands that select entries by time:
/// `--on <day>`, `--from <date> --to <date>`, `--month <YYYY-MM>` and `--year <YYYY>`,
/// at most one kind at a time.
struct PeriodOptions {
    static let on = Option<DiaryDay>("on", valueName: "day",
                                        help: "Only entries of this local day (2026-11-29, yesterday, monday, 3 days ago).")
    static let from = Option<DateSpecifier>("from", valueName: "date",
                                            help: "Only entries from this day or moment on (2026-11-29, yesterday, 3 days ago, friday 18:00, 9am).")
    static let to = Option<DateSpecifier>("to", valueName: "date",
                                          help: "Only entries up to this day (all of it) or moment (2026-11-29 14:30, yesterday, 3 days ago, friday 18:00).")
    static let month = Option<CalendarMonth>("month", valueName: "YYYY-MM", help: "Only entries of this month.")
    static let year = Option<CalendarYear>("year", valueName: "YYYY", help: "Only entries of this year.")

    /// `--on`, `--from`, `--to`, `--month`, `--year`, in help order.
    static let all: [any ParameterDeclaration] = [on, from, to, month, year]
    /// Just `--from` and `--to`.
    static let range: [any ParameterDeclaration] = [from, to]

    /// The period selected, nil when no date option was given.
    let period: EntryFilter.Period?

    /// Reads the date options among `declared` (by default all of them).
    /// - Throws: ``UsageError/invalid(_:)`` when two kinds are combined or `--from` is after `--to`.
    init(parsed: ParsedArguments, declared: [any ParameterDeclaration] = PeriodOptions.all) throws {
        let timeZone = parsed.context.timeZone
        let names = Set(declared.map(\.spec.name))
        let on = names.contains("on") ? try parsed[Self.on] : nil
        let from = try parsed[Self.from]
        let to = try parsed[Self.to]
        let month = names.contains("month") ? try parsed[Self.month] : nil
        let year = names.contains("year") ? try parsed[Self.year] : nil
        var given: [String] = []
        if on != nil { given.append("--on") }
        if from != nil || to != nil { given.append("--from/--to") }
        if month != nil { given.append("--month") }
        if year != nil { given.append("--year") }
        guard given.count <= 1 else {
            throw UsageError.invalid("Use only one of \(given.joined(separator: ", ")) at a time")
        }
        if let on {
            period = .day(on)
        } else if let month {
            period = .month(year: month.year, month: month.month)
        } else if let year {
            period = .year(year.year)
        } else if from != nil || to != nil {
            if let from, let to, from.start >= to.end {
                throw UsageError.invalid(Self.reversal(from: from, to: to, in: timeZone))
            }
            period = .interval(start: from?.start, end: to?.end)
        } else {
            period = nil
        }
    }
}

extension PeriodOptions {
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
        let bound = switch to.kind {
        case .day: "up to " + ISO8601Timestamp.string(from: to.end, in: timeZone)
        case .moment(let moment): "up to and including " + ISO8601Timestamp.string(from: moment, in: timeZone)
        }
        let startText = if case .day = from.kind { " (from \(start))" } else { "" }
        let boundText = if case .day = to.kind { " (\(bound))" } else { "" }
        return "'--from \(shown(from))'\(startText) is after '--to \(shown(to))'\(boundText)"
    }
}
