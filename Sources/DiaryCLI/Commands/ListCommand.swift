import DiaryKit

/// `diary list`: entries grouped under one heading per local day.
struct ListCommand: ParsableCommand {
    static let tag = Option<String>("tag", valueName: "name", help: "Only entries with this tag.")
    static let starred = Flag("starred", help: "Only starred entries.")
    static let limit = Option<Int>("limit", short: "n", valueName: "count",
                                   help: "Show at most this many entries (default: 20 without a date option, else all).")
    static let oldestFirst = Flag("oldest-first", help: "Show the oldest entries first.")
    static let json = Flag("json", help: "Print the entries as a JSON array of entry objects.")

    static let configuration = CommandConfiguration(
        name: "list", abstract: "List entries, newest first, under one heading per day.",
        discussion: """
            Days and times are local (TZ is honoured). Dates take the forms 2026-11-29, \
            2026-11-29 14:30, today, yesterday and tomorrow; --to includes the whole of its day.
            """,
        parameters: PeriodOptions.all + [tag, starred, limit, oldestFirst, json])

    /// Entries shown without a date option and without --limit.
    static let defaultLimit = 20

    let period: EntryFilter.Period?
    let tag: String?
    let starred: Bool
    let limit: Int?
    let oldestFirst: Bool
    let json: Bool

    init(parsed: ParsedArguments) throws {
        period = try PeriodOptions(parsed: parsed).period
        tag = try parsed[Self.tag]
        starred = try parsed[Self.starred]
        limit = try parsed[Self.limit]
        oldestFirst = try parsed[Self.oldestFirst]
        json = try parsed[Self.json]
        if let limit, limit < 1 {
            throw UsageError.invalid("'--limit \(limit)' must be at least 1")
        }
    }

    func run(in context: CommandContext) async throws {
        let filter = EntryFilter(period: period, tag: tag, starred: starred ? true : nil)
        let query = context.query(filter, newestFirst: !oldestFirst,
                                  limit: limit ?? (period == nil ? Self.defaultLimit : nil))
        let diary = try context.openDiary(.reading, forReading: true)
        if json {
            context.write(entries: try diary.entries(query), json: true, emptyMessage: "No entries.")
        } else {
            // Grouped by local day in DiaryKit (ObjectGraph's results controller), written here.
            let sections = try diary.daySections(query)
            context.write(sections.isEmpty ? "No entries.\n" : context.entryFormatter.listing(sections))
        }
    }
}
