import DiaryKit

/// `diary show`: one entry in full.
struct ShowCommand: ParsableCommand {
    static let id = Argument<Int>("id", help: "The entry's number, as in #42.")
    static let json = Flag("json", help: "Print the entry as a JSON entry object.")

    static let configuration = CommandConfiguration(
        name: "show", abstract: "Show an entry: text, tags, times and media.",
        discussion: """
            Times are local. Each photo shows its pixel size as stored and its EXIF \
            orientation; each recording its duration, sample rate and channels. An unknown \
            id exits with status 66.
            """,
        parameters: [id, json])

    let id: Int
    let json: Bool

    init(parsed: ParsedArguments) throws {
        id = try parsed[Self.id]
        json = try parsed[Self.json]
    }

    func run(in context: CommandContext) async throws {
        let entry = try context.openDiary(.reading, forReading: true).entry(id: Int64(id))
        if json {
            context.writeJSON(entry.scriptingJSON(in: context.timeZone))
        } else {
            context.write(context.entryFormatter.details(of: entry))
        }
    }
}
