import DiaryKit
import Foundation

/// `diary export`: writes entries as self-contained bundles.
struct ExportCommand: ParsableCommand {
    static let ids = RepeatingArgument<Int>("id", atLeastOne: false, help: "The numbers of the entries to export.")
    static let output = Option<URL>("output", short: "o", valueName: "dir",
                                    help: "The folder the bundles go into, created when missing (default: the current folder).")
    static let zip = Flag("zip", help: "Write each bundle as one .diaryentry.zip file.")

    static let configuration = CommandConfiguration(
        name: "export", abstract: "Export entries as bundles (folder or zip) with their media and a web page.",
        discussion: """
            Give entry numbers or a range with --from/--to, not both. Each entry becomes \
            <date>-<slug>.diaryentry holding entry.json, media/ with the original files and \
            index.html, readable offline. Prints the path of each bundle.
            """,
        parameters: [ids] + PeriodOptions.range + [output, zip])

    let ids: [Int]
    let period: EntryFilter.Period?
    let output: URL?
    let zip: Bool

    init(parsed: ParsedArguments) throws {
        ids = try parsed[Self.ids]
        period = try PeriodOptions(parsed: parsed, declared: PeriodOptions.range).period
        output = try parsed[Self.output]
        zip = try parsed[Self.zip]
        if ids.isEmpty == (period == nil) {
            throw UsageError.invalid(ids.isEmpty ? "Give the numbers of the entries to export, or --from/--to"
                                                 : "Give entry numbers or --from/--to, not both")
        }
    }

    func run(in context: CommandContext) async throws {
        let diary = try context.openDiary()
        let directory = output ?? context.argumentContext.currentDirectory
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
