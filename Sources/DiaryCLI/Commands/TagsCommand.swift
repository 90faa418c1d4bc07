import DiaryKit

/// `diary tags`: every tag in use with its number of entries.
struct TagsCommand: ParsableCommand {
    static let json = Flag("json", help: #"Print [{"name": "travel", "count": 3}, …]."#)

    static let configuration = CommandConfiguration(
        name: "tags", abstract: "List the tags in use and how many entries carry each.",
        parameters: [json])

    let json: Bool

    init(parsed: ParsedArguments) throws {
        json = try parsed[Self.json]
    }

    func run(in context: CommandContext) async throws {
        let tags = try context.openDiary(.reading, forReading: true).tags()
        if json {
            context.writeJSON(.array(tags.map { ["name": .string($0.name), "count": .integer($0.count)] }))
            return
        }
        guard !tags.isEmpty else {
            context.writeLine("No tags.")
            return
        }
        let style = context.terminal.outputStyle
        let nameWidth = tags.map { $0.name.terminalColumns + 1 }.max() ?? 0
        for tag in tags {
            let label = "#" + tag.name
            let padding = String(repeating: " ", count: nameWidth - label.terminalColumns)
            context.writeLine(style.cyan(label) + padding + "  "
                + QuantityText.count(tag.count, "entry", plural: "entries"))
        }
    }
}
