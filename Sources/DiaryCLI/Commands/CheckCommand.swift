import DiaryKit

/// `diary check`: verifies the store, optionally removing files nothing refers to.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "check", abstract: "Check the store: database integrity and every media file's hash.",
        discussion: """
            Exits 0 when the database is sound and every referenced media file is present \
            with its recorded SHA-256, and 65 when something is damaged or missing (repair \
            never touches those). Unreferenced files lose nothing: they are listed, and \
            --repair removes them and says which, but only from a store with no other \
            problem: while a medium is missing or damaged, an unreferenced file may be its \
            only copy, so repair keeps every file and says why.
            """)

    @Flag("repair", help: "Remove media files no entry refers to and leftovers of interrupted saves.")
    var repair: Bool
    @Flag("json", help: "Print the report as JSON.")
    var json: Bool

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(repair ? .updating : .reading)
        let report = try diary.check(repair: repair)
        if json {
            context.writeJSON(report.json)
        } else {
            context.write(context.terminal.outputEscaper.escaped(report.humanText(store: diary.directory.path,
                                                                                  repaired: repair)))
        }
        if !report.isHealthy {
            throw CommandFailure("the store at \(diary.directory.path) has "
                + QuantityText.count(report.problemCount, "problem")
                + (report.hasOnlyRepairableProblems ? " ('diary check --repair' removes the files)" : " that repair cannot fix"),
                exitCode: .dataError)
        }
    }
}
