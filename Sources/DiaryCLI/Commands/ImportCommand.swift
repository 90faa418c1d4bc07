import DiaryKit
import Foundation

/// `diary import`: adds entries from bundles, or a whole journal with `--from`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "import", abstract: "Import entry bundles, or another journal's export with --from.",
        discussion: """
            Every file's size and SHA-256 is checked and every photo and recording decoded \
            before anything is stored; a bad bundle is refused whole (exit 65) and the \
            others are still imported. An entry whose UUID is already in the diary is skipped. \
            Prints one line per bundle. With --from, one export is read entry by entry and \
            saved in batches; a rerun skips what is already there, and a malformed entry \
            is named with its number (exit 65) while the batches before it stay. \
            With --from photos, every photo and recording found (content decides, not the \
            name; hidden files and other files are skipped and counted) joins one entry per \
            local day of capture (a photo's own clock; a file without a capture time by its \
            modification time), in capture order, the entry dated by its first photo; each \
            entry is saved as soon as its files are checked, a file already in the diary \
            (same SHA-256) is skipped, so a rerun adds only what is new, and refused files \
            are listed at the end (exit 65 only when all were refused).
            """)

    @RepeatingArgument(
        "bundle",
        help:
            "A .diaryentry folder or .diaryentry.zip file (with --from: the export to read; with --from photos: folders and files of photos and recordings)."
    )
    var bundles: [URL]
    @Option(
        "from", valueName: "tool",
        help:
            "Import a whole export instead: jrnl (JSON export or journal file), dayone (export folder or zip), json (diary export --format json), photos (folders, walked recursively, and files of photos and recordings: one entry per local day of capture)."
    )
    var from: ImportSource?
    @Option(
        "per", valueName: "unit",
        help: "With --from photos: day (one entry per local day of capture, the default) or photo (one entry per file)."
    )
    var per: PhotoImportPlan.Grouping?
    @RepeatingOption("tag", valueName: "name", help: "With --from photos: a tag for every entry; repeat for more.")
    var tagOptions: [String]
    @Flag(
        "dry-run",
        help:
            "With --from photos: print the days and counts it would create, and the files it would refuse (each checked as the import checks it), and change nothing."
    )
    var dryRun: Bool

    /// The `--tag` names without a leading `#` or `@`.
    var tags: [String] { tagOptions.map(EntryEditor.tagName(fromOption:)) }

    func validate() throws(UsageError) {
        switch from {
        case .photos:
            if bundles.isEmpty { throw .invalid("Give at least one folder or file to import with --from photos") }
        case .export:
            if bundles.count != 1 { throw .invalid("Give exactly one file to import with --from") }
        case nil:
            break
        }
        if from != .photos && (per != nil || !tags.isEmpty || dryRun) {
            throw .invalid("--per, --tag and --dry-run go with --from photos")
        }
    }

    func run(in context: CommandContext) throws {
        if from == .photos { return try importPhotos(context: context) }
        let diary = try context.openDiary(.creating)
        // A store this command created stays only if something was saved in it.
        defer { diary.removeIfNeverUsed() }
        if case .export(let format)? = from, let file = bundles.first {
            return try importExport(file, format: format, into: diary, context: context)
        }
        let progress = context.terminal.progressReporter()
        var firstFailure: (any Error)?
        var failures = 0
        for (number, bundle) in bundles.enumerated() {
            if bundles.count > 1 {
                progress.update(completed: number + 1, total: bundles.count, "importing \(bundle.lastPathComponent)")
            }
            do {
                let outcome = try diary.importBundle(at: bundle)
                progress.finish()
                switch outcome {
                case .imported(let entry):
                    context.writeLine("\(bundle.path): imported #\(entry.id)")
                case .skipped(let uuid, let existing, false):
                    context.writeLine(
                        "\(bundle.path): skipped (already in the store: \(uuid.lowercaseText), #\(existing))")
                case .skipped(let uuid, let existing, true):
                    context.writeLine(
                        "\(bundle.path): skipped (in the trash: \(uuid.lowercaseText), #\(existing); "
                            + "'diary restore \(existing)' brings it back)")
                }
            } catch {
                progress.finish()
                guard bundles.count > 1 else { throw error }
                context.writeErrorLine("diary: " + ErrorReporter.messageAndCode(for: error).0)
                firstFailure = firstFailure ?? error
                failures += 1
            }
        }
        if let firstFailure {
            let code = ErrorReporter.messageAndCode(for: firstFailure).1
            throw CommandFailure("\(failures) of \(bundles.count) bundles were not imported", exitCode: code)
        }
    }

    /// `; 1 time in a daylight-saving gap moved forward by it, 2 repeated times taken at their
    /// first occurrence`, or nothing when no zone-less time needed either.
    static func clockAdjustments(_ summary: BulkImportSummary) -> String {
        var parts: [String] = []
        if summary.movedForwardOverGap > 0 {
            parts.append(
                QuantityText.count(summary.movedForwardOverGap, "time")
                    + " in a daylight-saving gap moved forward by it")
        }
        if summary.tookFirstOfRepeated > 0 {
            parts.append(
                QuantityText.count(summary.tookFirstOfRepeated, "repeated time")
                    + " taken at \(summary.tookFirstOfRepeated == 1 ? "its" : "their") first occurrence")
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    /// `--from`: the whole export, with progress on a terminal and one summary line.
    private func importExport(
        _ file: URL, format: ImportFormat, into diary: Diary,
        context: CommandContext
    ) throws {
        let progress = context.terminal.progressReporter()
        defer { progress.finish() }
        let summary = try diary.importEntries(from: file, format: format, timeZone: context.timeZone) { step in
            let percent = step.total > 0 ? Int(step.done * 100 / step.total) : 100
            progress.update(
                completed: percent, total: 100,
                "importing \(file.lastPathComponent): \(step.entriesDone) entries")
        }
        progress.finish()
        context.writeLine(
            "\(file.path): imported \(QuantityText.count(summary.imported, "entry", plural: "entries")) "
                + "with \(QuantityText.count(summary.mediaCount, "media file")), "
                + "\(summary.alreadyPresent) already present, \(summary.empty) empty skipped"
                + Self.clockAdjustments(summary) + Self.leftOut(summary.leftOut))
    }

    /// `; not imported (the diary keeps no such thing): 2 videos, 1 PDF, 3 weather records;
    /// not imported (unreadable): 1 entry place`, or nothing.
    static func leftOut(_ content: LeftOutContent) -> String {
        let counts = [(content.videos, "video"), (content.documents, "PDF"), (content.weather, "weather record")]
        let named = counts.filter { $0.0 > 0 }.map { QuantityText.count($0.0, $0.1) }
        var text =
            named.isEmpty ? "" : "; not imported (the diary keeps no such thing): " + named.joined(separator: ", ")
        if content.unreadablePlaces > 0 {
            text += "; not imported (unreadable): " + QuantityText.count(content.unreadablePlaces, "entry place")
        }
        return text
    }
}
