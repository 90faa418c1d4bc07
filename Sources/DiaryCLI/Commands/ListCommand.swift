import DiaryKit

/// `diary list`: entries grouped under one heading per local day.
struct ListCommand: ParsableCommand {
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
            """)

    /// Entries shown without a date option and without --limit.
    static let defaultLimit = 20

    /// `list.limit` when set (`diary config`), else ``defaultLimit``.
    private func configuredLimit(_ diary: Diary) throws -> Int {
        try diary.setting(.listLimit).flatMap(Int.init) ?? Self.defaultLimit
    }

    @OptionGroup var dates: PeriodOptions
    @Flag("on-this-day", help: "Entries of this month and day in every earlier year (or of <date>'s).")
    var onThisDay: Bool
    /// With `--on-this-day`: the day it looks back from (nil: today).
    @OptionalArgument(
        "date", valueName: "date",
        help: "With --on-this-day: the day to look back from (2026-11-29, yesterday, 3 days ago; default: today).")
    var date: DiaryDay?
    @OptionGroup var filter: ListingFilter
    @Option(
        "limit", short: "n", valueName: "count",
        help: "Show at most this many entries (default: 20 without a date option, else all).")
    var limit: PositiveInt?
    @Flag("all", help: "Show every entry, however many.")
    var all: Bool
    @Flag("oldest-first", help: "Show the oldest entries first.")
    var oldestFirst: Bool
    @Flag("json", help: "Print the entries as a JSON array of entry objects.")
    var json: Bool
    @Flag("preview", help: "On a terminal that shows colour, draw a strip of each entry's photos under its line.")
    var preview: Bool

    /// The height of a `--preview` strip, in terminal rows.
    static let stripRows = 3

    /// Entry `entry`'s photos side by side, `stripRows` high; nil when it has none.
    private static func strip(
        of entry: EntryRecord, in diary: Diary, painter: TerminalPicture,
        columns: Int
    ) throws -> String? {
        guard entry.media.contains(where: { $0.kind == .image }) else { return nil }
        let photos = zip(entry.media, try diary.previews(ofEntry: entry.id)).compactMap { medium, preview in
            medium.kind == .image ? preview : nil
        }
        // Thumbnails are at most 256 pixels; a strip 64 high keeps each recognisable in three rows.
        guard let strip = PreviewPicture.strip(photos, height: 64) else { return nil }
        return painter.draw(strip, columns: columns, rows: stripRows)
    }

    func validate() throws(UsageError) {
        if json && preview { throw .invalid("--preview draws pictures; use it without --json") }
        if onThisDay && dates.period != nil { throw .invalid("Use --on-this-day without a date option") }
        if !onThisDay, let date { throw .unexpectedArgument(date.description) }
        try ListingFilter.checkLimit(limit, all: all)
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.reading, forReading: true)
        if onThisDay {
            let day = date ?? DiaryDay(context.argumentContext.now, in: context.timeZone)
            let query = context.query(filter.entryFilter(period: nil), newestFirst: !oldestFirst, limit: limit?.value)
            context.write(
                entries: try diary.onThisDay(day, query: query), json: json,
                emptyMessage: "No entries on \(LocalDateText.dayAndMonth(of: day)) in earlier years.")
            return
        }
        let period = dates.period
        let query = context.query(
            filter.entryFilter(period: period), newestFirst: !oldestFirst,
            limit: ListingFilter.limit(limit, all: all, default: period == nil ? try configuredLimit(diary) : nil))
        if json {
            context.write(entries: try diary.entries(query), json: true, emptyMessage: "No entries.")
        } else {
            // Grouped by local day in DiaryKit (ObjectGraph's results controller), written here.
            let sections = try diary.daySections(query)
            let painter = preview ? context.picturePainter() : nil
            context.write(
                sections.isEmpty
                    ? "No entries.\n"
                    : context.entryFormatter.listing(
                        sections,
                        below: painter.map { painter in
                            { entry in
                                try? Self.strip(
                                    of: entry, in: diary, painter: painter, columns: context.terminalCells.columns)
                            }
                        }))
            try context.writeLimitNote(shown: sections.reduce(0) { $0 + $1.entries.count }, query: query, diary: diary)
        }
    }
}
