import DiaryKit

/// `diary tags`: every tag in use with its number of entries.
struct TagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "tags", abstract: "List the tags in use and how many entries carry each.")

    @Flag("by-count", help: "Sort by the number of entries, most first (default: by name).")
    var byCount: Bool
    @Flag("json", help: #"Print [{"name": "travel", "count": 3}, …]."#)
    var json: Bool
    @Flag("null", short: "z", help: "Print only the names, each ended by a NUL byte (for scripts and completions).")
    var null: Bool

    func run(in context: CommandContext) throws {
        var tags = try context.openDiary(.reading, forReading: true).tags()
        if byCount {
            // Stable: ties keep the name order DiaryKit gives.
            tags = tags.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }.map(
                \.element)
        }
        if json {
            context.writeJSON(.array(tags.map { ["name": .string($0.name), "count": .integer($0.count)] }))
            return
        }
        if null {
            // The names as stored (a NUL cannot be in one), for a script to take as data; on a
            // terminal escaped like any stored text.
            let escaper = context.terminal.outputEscaper
            context.write(tags.map { escaper.escaped($0.name) + "\0" }.joined())
            return
        }
        guard !tags.isEmpty else {
            context.writeLine("No tags.")
            return
        }
        let style = context.terminal.outputStyle
        let labels = tags.map { context.terminal.outputEscaper.escaped("#" + $0.name) }
        let nameWidth = labels.map(\.terminalColumns).max() ?? 0
        for (tag, label) in zip(tags, labels) {
            let padding = String(repeating: " ", count: nameWidth - label.terminalColumns)
            context.write(
                style.cyan(label) + padding + "  "
                    + QuantityText.count(tag.count, "entry", plural: "entries") + "\n")
        }
    }
}
