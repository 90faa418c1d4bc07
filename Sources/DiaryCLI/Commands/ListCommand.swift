import DiaryKit

/// `diary list`: entries grouped under one heading per local day.
struct ListCommand: ParsableCommand {
    static let tags = RepeatingOption<String>("tag", valueName: "name",
                                              help: "Only entries with this tag; given several times, with any of them (a leading # or @ is ignored).")
    static let starred = Flag("starred", help: "Only starred entries.")
    static let withMedia = Flag("with-media", help: "Only entries with photos or recordings.")
    static let onThisDay = Flag("on-this-day", help: "Entries of this month and day in every earlier year (or of <date>'s).")
    static let date = OptionalArgument<DiaryDay>("date", valueName: "date",
                                                     help: "With --on-this-day: the day to look back from (2026-11-29, yesterday, 3 days ago; default: today).")
    static let limit = Option<Int>("limit", short: "n", valueName: "count",
                                   help: "Show at most this many entries (default: 20 without a date option, else all).")
    static let all = Flag("all", help: "Show every entry, however many.")
    static let oldestFirst = Flag("oldest-first", help: "Show the oldest entries first.")
    static let json = Flag("json", help: "Print the entries as a JSON array of entry objects.")

    static let configuration = CommandConfiguration(
        name: "list", abstract: "List entries, newest first, under one heading per day.",
        discussion: """
            Days and times are local (TZ is honoured). Dates take the forms 2026-11-29, \
            2026-11-29 14:30, today, yesterday, tomorrow, a weekday (monday or mon, last monday: \
            the latest before today), 3 days ago and 2 weeks ago, each optionally with a time \
            (yesterday 21:00, friday 9:30pm), or a time alone for today (14:30, 9am); --on takes \
            a day only. --to includes the whole of its day. \
            When the listing stops at its limit, a last line on a terminal says how many there are. \
            --on-this-day shows the same month and day of every earlier year, newest first; on \
            28 February of a year without a leap day it shows the 29ths too.
            """,
        parameters: PeriodOptions.all + [onThisDay, date, tags, ListingFilter.allTags, ListingFilter.notTags, starred, withMedia, limit, all, oldestFirst, json])

    /// Entries shown without a date option and without --limit.
    static let defaultLimit = 20

    let period: EntryFilter.Period?
    /// Whether `--on-this-day` was given, and the day it looks back from (nil: today).
    let onThisDay: (requested: Bool, day: DiaryDay?)
    let filter: ListingFilter
    let oldestFirst: Bool
    let json: Bool

    init(parsed: ParsedArguments) throws {
        period = try PeriodOptions(parsed: parsed).period
        let date = try parsed[Self.date]
        onThisDay = (try parsed[Self.onThisDay], date)
        if onThisDay.requested && period != nil { throw UsageError.invalid("Use --on-this-day without a date option") }
        if !onThisDay.requested, let date { throw UsageError.unexpectedArgument(date.description) }
        filter = try ListingFilter(parsed: parsed, tags: Self.tags, starred: Self.starred, withMedia: Self.withMedia,
                                   limit: Self.limit, all: Self.all)
        oldestFirst = try parsed[Self.oldestFirst]
        json = try parsed[Self.json]
    }

    func run(in context: CommandContext) async throws {
        let diary = try context.openDiary(.reading, forReading: true)
        if onThisDay.requested {
            let day = onThisDay.day ?? DiaryDay(context.argumentContext.now, in: context.timeZone)
            let query = context.query(filter.entryFilter(period: nil), newestFirst: !oldestFirst, limit: filter.limit)
            context.write(entries: try diary.onThisDay(day, query: query), json: json,
                          emptyMessage: "No entries on \(LocalDateText.dayAndMonth(of: day)) in earlier years.")
            return
        }
        let query = context.query(filter.entryFilter(period: period), newestFirst: !oldestFirst,
                                  limit: filter.limit(default: period == nil ? Self.defaultLimit : nil))
        if json {
            context.write(entries: try diary.entries(query), json: true, emptyMessage: "No entries.")
        } else {
            // Grouped by local day in DiaryKit (ObjectGraph's results controller), written here.
            let sections = try diary.daySections(query)
            context.write(sections.isEmpty ? "No entries.\n" : context.entryFormatter.listing(sections))
            try context.writeLimitNote(shown: sections.reduce(0) { $0 + $1.entries.count }, query: query, diary: diary)
        }
    }
}
