import DiaryKit

/// `diary show`: one entry in full.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "show", abstract: "Show an entry: text, tags, times and media.",
        discussion: """
            Times are local. Each photo shows its pixel size as stored and its EXIF \
            orientation; each recording its duration, sample rate and channels. An unknown \
            id exits with status 66.
            """)

    @Argument("id", help: "The entry's number, as in #42.")
    var id: Int
    @Flag("json", help: "Print the entry as a JSON entry object.")
    var json: Bool

    func run(in context: CommandContext) throws {
        let entry = try context.openDiary(.reading, forReading: true).entry(id: Int64(id))
        if json {
            context.writeJSON(entry.scriptingJSON(in: context.timeZone))
        } else {
            context.write(context.entryFormatter.details(of: entry))
        }
    }
}
