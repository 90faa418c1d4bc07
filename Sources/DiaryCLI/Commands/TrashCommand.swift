import DiaryKit
import Foundation

/// `diary trash`: lists the deleted entries waiting in the trash, or empties it.
struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "trash", abstract: "List deleted entries, or empty the trash.",
        discussion: """
            Deleted entries wait here for \(TrashText.retention), with their photos and recordings, and \
            appear in no listing, search, calendar, tag count or export; 'diary restore ID' \
            brings one back. After \(TrashText.retention) the next command that writes to the diary (or 'diary trash') \
            removes them for good and says so. \
            --empty removes them all now; a media file goes once no entry uses it.
            """)

    @Flag("empty", help: "Remove every entry in the trash for good, with its media (asks first on a terminal).")
    var empty: Bool
    @Flag("yes", short: "y", help: "With --empty: do not ask for confirmation.")
    var assumeYes: Bool
    @Flag("json", help: "Print the entries as a JSON array of entry objects, each with trashedTime and purgeTime.")
    var json: Bool

    func validate() throws(UsageError) {
        if assumeYes && !empty { throw .invalid("--yes goes with --empty") }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(empty ? .updating : .reading, forReading: !empty)
        var trashed = try diary.trash()
        // The listing never promises a removal date already past: what is due goes now, and is
        // named (a diary this account may only read is listed as it is).
        let now = context.argumentContext.now
        if !empty, trashed.contains(where: { $0.purgeTime <= now }), let writable = try? context.openDiary(.updating) {
            if let note = TrashText.purgeNote(try writable.purgeExpiredTrash(now: now)) { context.writeErrorLine(note) }
            trashed = try writable.trash()
        }
        if empty { return try emptyTrash(trashed, diary: diary, in: context) }
        if json {
            context.writeJSON(
                .array(
                    trashed.map { item in
                        guard case .object(var members) = item.entry.scriptingJSON(in: context.timeZone) else {
                            return .null
                        }
                        members.append(
                            ("trashedTime", .date(item.trashedTime, in: context.timeZone, fractionalSeconds: true)))
                        members.append(
                            ("purgeTime", .date(item.purgeTime, in: context.timeZone, fractionalSeconds: true)))
                        return .object(members)
                    }))
            return
        }
        guard let soonest = trashed.map(\.purgeTime).min() else {
            context.writeLine("The trash is empty.")
            return
        }
        context.write(context.entryFormatter.listing(trashed.map(\.entry)))
        let dates = context.dateText
        context.writeLine("")
        context.writeLine(
            "\(TrashText.contents(trashed.map(\.entry))) Each is removed for good \(TrashText.retention) after it was deleted "
                + "(the first on \(dates.heading(for: dates.day(of: soonest)))); 'diary restore ID' brings one back.")
    }

    private func emptyTrash(_ trashed: [TrashedEntry], diary: Diary, in context: CommandContext) throws {
        guard !trashed.isEmpty else {
            context.writeLine("The trash is empty.")
            return
        }
        let formatter = context.entryFormatter
        let summary =
            "Remove for good:\n" + trashed.map { "  " + formatter.line(for: $0.entry) + "\n" }.joined()
            + TrashText.contents(trashed.map(\.entry)) + " This cannot be undone.\n"
        guard try Confirmation.confirm("Empty the trash?", summary: summary, assumeYes: assumeYes, in: context) else {
            context.writeErrorLine("Nothing removed.")
            return
        }
        let removed = try diary.emptyTrash()
        context.writeLine("Removed \(QuantityText.count(removed.count, "entry", plural: "entries")) for good.")
    }
}
