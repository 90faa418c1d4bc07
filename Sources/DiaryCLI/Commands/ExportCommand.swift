import DiaryKit
import Foundation

/// `diary export`: writes entries as self-contained bundles.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "export", abstract: "Export entries as bundles, or the diary as JSON, Markdown or a book.",
        discussion: """
            Give entry numbers, or select entries with --from/--to, --year or --tag, not both. \
            Each entry becomes <date>-<slug>.diaryentry holding entry.json, media/ with the original \
            files and index.html, readable offline. Prints the path of each bundle. With --format, \
            the entries go into one entries.json (importable with import --from json), one \
            Markdown file per day, or a book: a website readable offline in any browser, with a \
            page per month, tags, on this day, a map of places and search. Exporting the book \
            again into the same folder rewrites only what changed.
            """)

    @RepeatingArgument("id", atLeastOne: false, help: "The numbers of the entries to export.")
    var ids: [Int]
    @OptionGroup var range: DateRangeOptions
    @Option("year", valueName: "YYYY", help: "Only entries of this year.")
    var year: CalendarYear?
    @RepeatingOption(
        "tag", valueName: "name",
        help: "Only entries with this tag; given several times, with any of them (a leading # or @ is ignored).")
    var tags: [String]
    @Option(
        "output", short: "o", valueName: "dir",
        help: "The folder the bundles go into, created when missing (default: the current folder).")
    var output: URL?
    @Flag("zip", help: "Write each bundle as one .diaryentry.zip file.")
    var zip: Bool
    @Option(
        "format", valueName: "format",
        help:
            "Export the whole diary (or the entries selected) as json, markdown or book into a new or empty --output folder (book: or an earlier book)."
    )
    var format: DiaryExportFormat?

    /// The `--from`/`--to` range or `--year`, nil when none was given.
    var period: EntryFilter.Period? { year.map { .year($0) } ?? range.period }

    /// The entries `--from`/`--to`, `--year` and `--tag` select.
    var filter: EntryFilter { EntryFilter(period: period, tags: tags) }

    /// Whether entries are selected by date or tag rather than by number.
    private var selects: Bool { period != nil || !tags.isEmpty }

    func validate() throws(UsageError) {
        if year != nil && range.period != nil { throw .invalid("Give --year or --from/--to, not both") }
        if let format {
            guard ids.isEmpty, !zip else {
                throw .invalid("--format exports a selection or the whole diary; give no entry numbers or --zip")
            }
            guard output != nil else {
                throw .invalid(
                    "--format \(format.rawValue) needs --output <dir>: the whole diary is written "
                        + "into a new or empty folder of its own")
            }
        } else if ids.isEmpty == !selects {
            throw .invalid(
                ids.isEmpty
                    ? "Give the numbers of the entries to export, or --from/--to, --year or --tag"
                    : "Give entry numbers or --from/--to, --year or --tag, not both")
        }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.reading)
        let directory = output ?? context.argumentContext.currentDirectory
        if let format {
            let progress = context.terminal.progressReporter()
            defer { progress.finish() }
            let query = context.query(filter, newestFirst: false)
            let report: (InteropProgress) -> Void = { step in
                progress.update(
                    completed: step.entriesDone, total: Int(max(step.total, Int64(step.entriesDone))),
                    "exporting \(format.rawValue)")
            }
            if format == .book {
                let summary = try diary.exportBook(query, to: directory, timeZone: context.timeZone, progress: report)
                progress.finish()
                for problem in summary.uncopiedMedia {
                    context.writeErrorLine(
                        "diary: shown as the original only: " + context.terminal.errorEscaper.escaped(problem))
                }
                context.writeLine(
                    "Exported \(QuantityText.count(summary.entryCount, "entry", plural: "entries")) in "
                        + "\(QuantityText.count(summary.monthCount, "month")) to \(directory.path) "
                        + "(\(QuantityText.count(summary.filesWritten, "file")) written, \(summary.filesKept) kept, "
                        + "\(summary.filesRemoved) removed)")
                return
            }
            let summary = try diary.exportDiary(
                query, format: format, to: directory, timeZone: context.timeZone,
                progress: report)
            progress.finish()
            context.writeLine(
                "Exported \(QuantityText.count(summary.entryCount, "entry", plural: "entries")) and "
                    + "\(QuantityText.count(summary.mediaFileCount, "media file")) to \(directory.path)")
            return
        }
        let format: BundleFormat = zip ? .zip : .directory
        let bundles: [ExportedBundle]
        if selects {
            bundles = try diary.export(context.query(filter, newestFirst: false), to: directory, format: format)
            if bundles.isEmpty { context.writeErrorLine("No entries in that selection; nothing exported.") }
        } else {
            bundles = try diary.export(
                ids: ids.map(Int64.init), to: directory, format: format,
                timeZone: context.timeZone)
        }
        for bundle in bundles {
            context.writeLine(bundle.url.path)
        }
    }
}
