import DiaryKit
import Foundation

/// `diary search`: entries whose text contains every word given, narrowed like `diary list`.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "search", abstract: "Find entries whose text contains the given words.",
        discussion: """
            Every word must occur in the text, as a word, the start of one or inside one \
            ('kuchen' finds Käsekuchen; so are words inside Chinese or Japanese text), ignoring \
            case (and accents, for whole words and their starts); what is not a plain word \
            (C++, C#, an emoji) is found as it is written. A quoted argument of several words ("sunset at the beach") \
            must occur as those words one after the other. The date, tag, star and media options narrow the search as \
            they narrow 'diary list'. Newest first, grouped by day like 'diary list'.
            """)

    @RepeatingArgument(
        "word",
        help:
            "What to look for, ignoring case and accents; every word must occur, and a quoted \"several words\" as a phrase."
    )
    var words: [String]
    @OptionGroup var dates: PeriodOptions
    @OptionGroup var filter: ListingFilter
    @Option("limit", short: "n", valueName: "count", help: "Show at most this many entries (default: all).")
    var limit: PositiveInt?
    @Flag("all", help: "Show every entry found (the default).")
    var all: Bool
    @Flag("json", help: "Print the entries as a JSON array of entry objects.")
    var json: Bool

    /// The single words given, joined: each must occur as a word or the start of one.
    var text: String { words.filter { !Self.isPhrase($0) }.joined(separator: " ") }
    /// The arguments of several words: each must occur as those words in order.
    var phrases: [String] { words.filter(Self.isPhrase) }

    private static func isPhrase(_ argument: String) -> Bool {
        argument.split(whereSeparator: \.isWhitespace).count > 1
    }

    func validate() throws(UsageError) {
        try ListingFilter.checkLimit(limit, all: all)
        if text.trimmingCharacters(in: .whitespaces).isEmpty && phrases.isEmpty {
            throw .invalid("The text to search for is empty")
        }
    }

    func run(in context: CommandContext) throws {
        let query = context.query(
            filter.entryFilter(period: dates.period),
            limit: ListingFilter.limit(limit, all: all, default: nil))
        let entries = try context.openDiary(.reading, forReading: true).search(text, phrases: phrases, query: query)
        context.write(
            entries: entries, json: json,
            emptyMessage:
                "No entries contain '\(([text] + phrases).filter { !$0.isEmpty }.joined(separator: "' and '"))'.")
    }
}
