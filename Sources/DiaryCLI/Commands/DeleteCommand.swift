import DiaryKit

/// `diary delete`: moves entries to the trash, after asking on a terminal.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "delete", abstract: "Move entries with their photos and recordings to the trash.",
        discussion: """
            On a terminal it lists what goes and asks first; without a terminal it needs \
            --yes (exit 64 otherwise). All the entries go or none does: with an unknown id \
            nothing is deleted (exit 66). Deleted entries wait in the trash for \(TrashText.retention) \
            ('diary trash' lists them, 'diary restore' brings them back) before they and \
            the media files no other entry uses are removed for good. Prints one line per \
            deleted entry.
            """)

    @RepeatingArgument("id", help: "The numbers of the entries to delete, as in #42.")
    var givenIDs: [Int]
    @Flag("yes", short: "y", help: "Do not ask for confirmation (needed when stdin is not a terminal).")
    var assumeYes: Bool

    /// The entries' numbers, each once, in the order given.
    var ids: [Int] {
        var seen = Set<Int>()
        return givenIDs.filter { seen.insert($0).inserted }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.updating)
        let entries = try ids.map { id throws in try diary.entry(id: Int64(id)) }
        let formatter = context.entryFormatter
        let summary =
            "Move to the trash:\n" + entries.map { "  " + formatter.line(for: $0) + "\n" }.joined()
            + TrashText.contents(entries) + " They stay in the trash for \(TrashText.retention).\n"
        guard
            try Confirmation.confirm(
                "Delete \(QuantityText.count(entries.count, "entry", plural: "entries"))?",
                summary: summary, assumeYes: assumeYes, in: context)
        else {
            context.writeErrorLine("Nothing deleted.")
            return
        }
        let dates = context.dateText
        // What was due goes first, and is named: not silently inside this delete.
        if let note = TrashText.purgeNote(try diary.purgeExpiredTrash(now: context.argumentContext.now)) {
            context.writeErrorLine(note)
        }
        for entry in try diary.moveToTrash(ids: ids.map(Int64.init), now: context.argumentContext.now) {
            var line = "Deleted entry #\(entry.id) (\(dates.dayAndTime(of: entry))"
            let media = QuantityText.mediaSummary(entry.media)
            if !media.isEmpty { line += ", \(media)" }
            context.writeLine(line + "); 'diary restore \(entry.id)' brings it back")
        }
    }
}
