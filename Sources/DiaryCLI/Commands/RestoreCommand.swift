import DiaryKit

/// `diary restore`: brings entries back from the trash.
struct RestoreCommand: ParsableCommand {
    static let ids = RepeatingArgument<Int>("id", help: "The numbers of the entries to restore, as 'diary trash' lists them.")

    static let configuration = CommandConfiguration(
        name: "restore", abstract: "Bring deleted entries back from the trash.",
        discussion: """
            Each entry comes back with its text, tags, star, times and media as they were. \
            All of them or none: an id that is not in the trash restores nothing (exit 66).
            """,
        parameters: [ids])

    let ids: [Int]

    init(parsed: ParsedArguments) throws {
        var seen = Set<Int>()
        ids = try parsed[Self.ids].filter { seen.insert($0).inserted }
    }

    func run(in context: CommandContext) async throws {
        let dates = LocalDateText(timeZone: context.timeZone)
        for entry in try context.openDiary(.updating).restoreEntries(ids: ids.map(Int64.init)) {
            context.writeLine("Restored entry #\(entry.id) (\(dates.dayAndTime(of: entry.creationTime)))")
        }
    }
}
