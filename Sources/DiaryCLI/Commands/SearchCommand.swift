import Foundation
import DiaryKit

/// `diary search`: entries whose text contains every word given, narrowed like `diary list`.
struct SearchCommand: ParsableCommand {
    static let words = RepeatingArgument<String>("word", help: "What to look for, ignoring case and accents; every word must occur, and a quoted \"several words\" as a phrase.")
    static let tags = RepeatingOption<String>("tag", valueName: "name",
                                              help: "Only entries with this tag; given several times, with any of them (a leading # or @ is ignored).")
    static let starred = Flag("starred", help: "Only starred entries.")
    static let withMedia = Flag("with-media", help: "Only entries with photos or recordings.")
    static let limit = Option<Int>("limit", short: "n", valueName: "count", help: "Show at most this many entries (default: all).")
    static let all = Flag("all", help: "Show every entry found (the default).")
    static let json = Flag("json", help: "Print the entries as a JSON array of entry objects.")

    static let configuration = CommandConfiguration(
        name: "search", abstract: "Find entries whose text contains the given words.",
        discussion: """
            Every word must occur in the text, as a word or the start of one, ignoring case \
            and accents; a quoted argument of several words ("sunset at the beach") must \
            occur as those words one after the other. The date, tag, star and media options narrow the search as they \
            narrow 'diary list'. Newest first, grouped by day like 'diary list'.
            """,
        parameters: [words] + PeriodOptions.all + [tags, ListingFilter.allTags, ListingFilter.notTags, starred, withMedia, limit, all, json])

    let text: String
    let phrases: [String]
    let period: EntryFilter.Period?
    let filter: ListingFilter
    let json: Bool

    init(parsed: ParsedArguments) throws {
        let arguments = try parsed[Self.words]
        let isPhrase = { (argument: String) in argument.split(whereSeparator: \.isWhitespace).count > 1 }
        text = arguments.filter { !isPhrase($0) }.joined(separator: " ")
        phrases = arguments.filter(isPhrase)
        period = try PeriodOptions(parsed: parsed).period
        filter = try ListingFilter(parsed: parsed, tags: Self.tags, starred: Self.starred, withMedia: Self.withMedia,
                                   limit: Self.limit, all: Self.all)
        json = try parsed[Self.json]
        if text.trimmingCharacters(in: .whitespaces).isEmpty && phrases.isEmpty {
            throw UsageError.invalid("The text to search for is empty")
        }
    }

    func run(in context: CommandContext) async throws {
        let query = context.query(filter.entryFilter(period: period), limit: filter.limit(default: nil))
        let entries = try context.openDiary(.reading, forReading: true).search(text, phrases: phrases, query: query)
        context.write(entries: entries, json: json, emptyMessage: "No entries contain '\(([text] + phrases).filter { !$0.isEmpty }.joined(separator: "' and '"))'.")
    }
}
