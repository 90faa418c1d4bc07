import DiaryKit
import Foundation

/// `diary export`: writes entries as self-contained bundles.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "export", abstract: "Export entries as bundles, or the diary as JSON or Markdown.",
        discussion: """
            Give entry numbers or a range with --from/--to, not both. Each entry becomes \
            <date>-<slug>.diaryentry holding entry.json, media/ with the original files and \
            index.html, readable offline. Prints the path of each bundle. With --format, \
            the entries go into one entries.json (importable with import --from json) or \
            one Markdown file per day, with media/ beside them.
            """)

    @RepeatingArgument("id", atLeastOne: false, help: "The numbers of the entries to export.")
    var ids: [Int]
    @OptionGroup var range: DateRangeOptions
    @Option("output", short: "o", valueName: "dir",
            help: "The folder the bundles go into, created when missing (default: the current folder).")
    var output: URL?
    @Flag("zip", help: "Write each bundle as one .diaryentry.zip file.")
    var zip: Bool
    @Option("format", valueName: "format",
            help: "Export the whole diary (or --from/--to) as json or markdown into a new or empty --output folder.")
    var format: DiaryExportFormat?

    /// The `--from`/`--to` range, nil when neither was given.
    var period: EntryFilter.Period? { range.period }

    func validate() throws(UsageError) {
        if let format {
            guard ids.isEmpty, !zip else { throw .invalid("--format exports a date range or the whole diary; give no entry numbers or --zip") }
            guard output != nil else {
                throw .invalid("--format \(format.rawValue) needs --output <dir>: the whole diary is written "
                               + "into a new or empty folder of its own")
            }
        } else if ids.isEmpty == (period == nil) {
            throw .invalid(ids.isEmpty ? "Give the numbers of the entries to export, or --from/--to"
                                       : "Give entry numbers or --from/--to, not both")
        }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.reading)
        let directory = output ?? context.argumentContext.currentDirectory
        if let format {
            let progress = context.terminal.progressReporter()
            defer { progress.finish() }
            let query = context.query(EntryFilter(period: period), newestFirst: false)
            let summary = try diary.exportDiary(query, format: format, to: directory, timeZone: context.timeZone) { step in
                progress.update(completed: step.entriesDone, total: Int(max(step.total, Int64(step.entriesDone))),
                                "exporting \(format.rawValue)")
            }
            progress.finish()
            context.writeLine("Exported \(QuantityText.count(summary.entryCount, "entry", plural: "entries")) and "
                + "\(QuantityText.count(summary.mediaFileCount, "media file")) to \(directory.path)")
            return
        }
        let format: BundleFormat = zip ? .zip : .directory
        let bundles: [ExportedBundle]
        if let period {
            bundles = try diary.export(context.query(EntryFilter(period: period), newestFirst: false),
                                       to: directory, format: format)
            if bundles.isEmpty { context.writeErrorLine("No entries in that range; nothing exported.") }
        } else {
            bundles = try diary.export(ids: ids.map(Int64.init), to: directory, format: format,
                                       timeZone: context.timeZone)
        }
        for bundle in bundles {
            context.writeLine(bundle.url.path)
        }
    }
}
