import DiaryKit

/// `diary show`: one entry in full.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "show", abstract: "Show an entry: text, tags, times and media.",
        discussion: """
            Times are local. Each photo shows its pixel size as stored and its EXIF \
            orientation; each recording its duration, sample rate and channels. On a terminal \
            that shows colour, each photo is drawn under its line from its stored thumbnail, \
            and each recording's waveform, at most the terminal's width and a third of its \
            height (kitty, iTerm2 or sixel graphics where the terminal speaks them, else \
            coloured symbols); --no-preview, NO_COLOR, TERM=dumb or a pipe give the text alone. \
            An unknown id exits with status 66.
            """)

    @Argument("id", help: "The entry's number, as in #42.")
    var id: Int
    @Flag("json", help: "Print the entry as a JSON entry object.")
    var json: Bool
    @Flag("no-preview", help: "Draw no pictures of photos and recordings, only text.")
    var noPreview: Bool
    @Option(
        "photo", valueName: "n",
        help: "Draw only medium <n> (a photo, or a recording's waveform) as large as the terminal allows.")
    var photo: PositiveInt?

    func validate() throws(UsageError) {
        if photo != nil && (json || noPreview) {
            throw .invalid("--photo draws a picture; use it without --json and --no-preview")
        }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.reading, forReading: true)
        if let photo {
            try drawAlone(photo.value, of: diary, in: context)
            return
        }
        let entry = try diary.entry(id: Int64(id))
        if json {
            context.writeJSON(entry.scriptingJSON(in: context.timeZone))
            return
        }
        var pictures: [String?] = []
        if !noPreview, !entry.media.isEmpty, let painter = context.picturePainter() {
            let box = context.terminalCells
            pictures = try diary.previews(ofEntry: Int64(id)).map { preview in
                preview.flatMap { painter.draw($0, columns: box.columns, rows: max(2, box.rows / 3)) }
            }
        }
        context.write(context.entryFormatter.details(of: entry, pictures: pictures))
    }

    /// `--photo N`: medium `index` alone, filling the terminal but for the prompt's line.
    private func drawAlone(_ index: Int, of diary: Diary, in context: CommandContext) throws {
        guard let painter = context.picturePainter() else {
            throw CommandFailure(
                "--photo draws on a terminal that shows colour; stdout is not one "
                    + "(export the entry for the file itself)", exitCode: .usage)
        }
        let pixels = context.terminalPixels
        let picture = try diary.picture(ofMedium: index, entry: Int64(id), maxSide: max(pixels.width, pixels.height))
        let box = context.terminalCells
        guard let drawn = painter.draw(picture, columns: box.columns, rows: max(1, box.rows - 1)) else {
            throw CommandFailure("the picture could not be drawn", exitCode: .software)
        }
        context.write(drawn)
    }
}
