import DiaryKit

/// `diary delete`: removes entries with their media.
struct DeleteCommand: ParsableCommand {
    static let ids = RepeatingArgument<Int>("id", help: "The numbers of the entries to delete, as in #42.")

    static let configuration = CommandConfiguration(
        name: "delete", abstract: "Delete entries with their photos and recordings.",
        discussion: """
            All the entries go or none does: with an unknown id nothing is deleted (exit 66). \
            Media files no other entry uses are removed from the store. Prints one line per \
            deleted entry.
            """,
        parameters: [ids])

    let ids: [Int]

    init(parsed: ParsedArguments) throws {
        var seen = Set<Int>()
        ids = try parsed[Self.ids].filter { seen.insert($0).inserted }
    }

    func run(in context: CommandContext) async throws {
        let deleted = try context.openDiary(.updating).deleteEntries(ids: ids.map(Int64.init))
        let dates = LocalDateText(timeZone: context.timeZone)
        for entry in deleted {
            var line = "Deleted entry #\(entry.id) (\(dates.dayAndTime(of: entry.creationTime))"
            let media = QuantityText.mediaSummary(entry.media)
            if !media.isEmpty { line += ", \(media)" }
            context.writeLine(line + ")")
        }
    }
}
