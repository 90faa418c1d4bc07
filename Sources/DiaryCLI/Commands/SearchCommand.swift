import Foundation
import DiaryKit

/// `diary search`: entries whose text contains some words.
struct SearchCommand: ParsableCommand {
    static let text = Argument<String>("text", help: "What to look for, ignoring case and accents.")
    static let limit = Option<Int>("limit", short: "n", valueName: "count", help: "Show at most this many entries (default: all).")
    static let json = Flag("json", help: "Print the entries as a JSON array of entry objects.")

    static let configuration = CommandConfiguration(
        name: "search", abstract: "Find entries whose text contains the given text.",
        discussion: "Newest first, grouped by day like 'diary list'.",
        parameters: [text, limit, json])

    let text: String
    let limit: Int?
    let json: Bool

    init(parsed: ParsedArguments) throws {
        text = try parsed[Self.text]
        limit = try parsed[Self.limit]
        json = try parsed[Self.json]
        if let limit, limit < 1 {
            throw UsageError.invalid("'--limit \(limit)' must be at least 1")
        }
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError.invalid("The text to search for is empty")
        }
    }

    func run(in context: CommandContext) async throws {
        let entries = try context.openDiary(.reading, forReading: true).search(text, query: context.query(limit: limit))
        context.write(entries: entries, json: json, emptyMessage: "No entries contain '\(text)'.")
    }
}
