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
            only copy, so repair keeps every file and says why. A write-ahead log damaged \
            where SQLite would silently drop commits makes every command refuse the diary \
            (65); --repair keeps that log aside, untouched, and opens the diary as of its \
            last whole commit. An encrypted diary whose database is older than the one this \
            machine last wrote (a copy put back) is refused too (65); --repair accepts it as it is.
            """)

    @Flag("repair", help: "Remove media files no entry refers to and leftovers of interrupted saves.")
    var repair: Bool
    @Flag("json", help: "Print the report as JSON.")
    var json: Bool

    func run(in context: CommandContext) throws {
        var key: DiaryKey?
        if repair {
            // A damaged log, or an older database put back, refuses every opening: repair sees to them first.
            key = try context.unlockedKey()
            let done = try Diary.repairBeforeOpening(directory: context.storeDirectory, key: key)
            if let kept = done.keptLog {
                context.writeErrorLine(
                    "diary: kept the damaged write-ahead log aside as \(kept.keptAt.lastPathComponent), "
                        + "untouched; the diary is as of its last whole commit before "
                        + (kept.frame == 0 ? "the log's damaged header" : "frame \(kept.frame)")
                        + (kept.laterCommits > 0
                            ? " (\(QuantityText.count(kept.laterCommits, "later commit")) \(kept.laterCommits == 1 ? "is" : "are") only in that file)"
                            : ""))
            }
            if let accepted = done.acceptedDatabase {
                context.writeErrorLine(
                    "diary: accepted the database as it is: "
                        + (accepted.recorded.map {
                            "it holds \(QuantityText.count(accepted.commits, "commit")), and this machine had recorded \($0)"
                        }
                            ?? "its commit counter failed authentication")
                        + "; its next change records its own count")
            }
        }
        let diary = try context.openDiary(repair ? .updating : .reading, unlocked: key)
        let report = try diary.check(repair: repair)
        if json {
            context.writeJSON(report.json)
        } else {
            context.write(
                context.terminal.outputEscaper.escaped(
                    report.humanText(
                        store: diary.directory.path,
                        repaired: repair)))
        }
        if !report.isHealthy {
            throw CommandFailure(
                "the store at \(diary.directory.path) has "
                    + QuantityText.count(report.problemCount, "problem")
                    + (report.hasOnlyRepairableProblems
                        ? " ('diary check --repair' removes the files)" : " that repair cannot fix"),
                exitCode: .dataError)
        }
    }
}
