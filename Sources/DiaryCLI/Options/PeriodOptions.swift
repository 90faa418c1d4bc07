import DiaryKit

/// The date options shared by the commands that select entries by time:
/// `--on <day>`, `--from <date> --to <date>`, `--month <YYYY-MM>` and `--year <YYYY>`,
/// at most one kind at a time (`@OptionGroup var period: PeriodOptions`).
struct PeriodOptions: ParsableArguments {
    @Option("on", valueName: "day", help: "Only entries of this local day (2026-11-29, yesterday, monday, 3 days ago).")
    var on: DiaryDay?
    @OptionGroup var range: DateRangeOptions
    @Option("month", valueName: "YYYY-MM", help: "Only entries of this month.")
    var month: CalendarMonth?
    @Option("year", valueName: "YYYY", help: "Only entries of this year.")
    var year: CalendarYear?

    /// Refuses two kinds at once (`Use only one of --on, --month at a time`).
    func validate() throws(UsageError) {
        var given: [String] = []
        if on != nil { given.append("--on") }
        if range.period != nil { given.append("--from/--to") }
        if month != nil { given.append("--month") }
        if year != nil { given.append("--year") }
        guard given.count <= 1 else {
            throw .invalid("Use only one of \(given.joined(separator: ", ")) at a time")
        }
    }

    /// The period selected, nil when no date option was given.
    var period: EntryFilter.Period? {
        if let on { return .day(on) }
        if let month { return .month(month) }
        if let year { return .year(year) }
        return range.period
    }
}
