import DiaryKit

/// `diary restore`: brings entries back from the trash.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "restore", abstract: "Bring deleted entries back from the trash.",
        discussion: """
            Each entry comes back with its text, tags, star, times and media as they were. \
            All of them or none: an id that is not in the trash restores nothing (exit 66).
            """)

    @RepeatingArgument("id", help: "The numbers of the entries to restore, as 'diary trash' lists them.")
    var givenIDs: [Int]

    /// The entries' numbers, each once, in the order given.
    var ids: [Int] {
        var seen = Set<Int>()
        return givenIDs.filter { seen.insert($0).inserted }
    }

    func run(in context: CommandContext) throws {
        let dates = LocalDateText(timeZone: context.timeZone)
        for entry in try context.openDiary(.updating).restoreEntries(ids: ids.map(Int64.init)) {
            context.writeLine("Restored entry #\(entry.id) (\(dates.dayAndTime(of: entry.creationTime)))")
        }
    }
}
