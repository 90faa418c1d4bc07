import DiaryKit

/// `diary restore`: brings entries back from the trash.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "restore", abstract: "Bring deleted entries back from the trash.",
        discussion: """
            Each entry comes back with its text, tags, star, times and media as they were. \
            All of them or none: an id that is not in the trash restores nothing (exit 66). \
            A photo or recording whose file was damaged or removed meanwhile is named; the \
            entry still comes back, and adding the file again heals it.
            """)

    @RepeatingArgument("id", help: "The numbers of the entries to restore, as 'diary trash' lists them.")
    var givenIDs: [Int]

    /// The entries' numbers, each once, in the order given.
    var ids: [Int] {
        var seen = Set<Int>()
        return givenIDs.filter { seen.insert($0).inserted }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.updating)
        let dates = context.dateText
        let damaged = try diary.damagedMedia(ofTrashedEntries: ids.map(Int64.init))
        for entry in try diary.restoreEntries(ids: ids.map(Int64.init)) {
            context.writeLine("Restored entry #\(entry.id) (\(dates.dayAndTime(of: entry)))")
        }
        for problem in damaged {
            let state = problem.kind == .missing ? "is missing" : "is damaged (it no longer matches its SHA-256)"
            context.writeErrorLine(
                "diary: warning: entry #\(problem.entryID), medium \(problem.mediumIndex): its file "
                    + "\(state); 'diary check' lists it, and adding the same file again heals it")
        }
    }
}
