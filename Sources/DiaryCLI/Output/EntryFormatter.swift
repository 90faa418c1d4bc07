import DiaryKit
import Foundation

/// Entries as people read them: listings with one heading per local day and one line
/// per entry (`#42  14:03  Beach day…  [2 photos, 1 recording] #travel`), and the full
/// view of `diary show`. Colour comes from ``TextStyler`` (off unless stdout is a
/// terminal and `NO_COLOR` is unset); lines are cut to `width` when one is given.
struct EntryFormatter {
    /// The zone times and days are shown in.
    let timeZone: TimeZone
    /// Colour, or none.
    let style: TextStyler
    /// The terminal's width to cut entry lines to; nil leaves them whole.
    let width: Int?

    /// Makes a formatter from its parts.
    init(timeZone: TimeZone, style: TextStyler, width: Int?) {
        self.timeZone = timeZone
        self.style = style
        self.width = width
    }

    /// Makes a formatter for what `context` writes to.
    init(context: CommandContext) {
        self.init(timeZone: context.timeZone, style: context.terminal.outputStyle,
                  width: context.terminal.isStandardOutputTerminal ? context.terminal.width : nil)
    }

    private var dates: LocalDateText { LocalDateText(timeZone: timeZone) }

    /// The listing of `entries` (already in order): a heading for each new local day,
    /// its entries below it, and an empty line between days.
    func listing(_ entries: [EntryRecord]) -> String {
        var lines: [String] = []
        var currentDay: CalendarDay?
        for entry in entries {
            let day = dates.day(of: entry.creationTime)
            if day != currentDay {
                if currentDay != nil { lines.append("") }
                lines.append(style.bold(dates.heading(for: day)))
                currentDay = day
            }
            lines.append(line(for: entry))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One entry's line: number, local time, star, the first line of its text (cut so
    /// the whole line fits the width), a media summary and its tags.
    func line(for entry: EntryRecord) -> String {
        let number = "#\(entry.id)"
        let time = dates.time(of: entry.creationTime)
        let star = entry.starred ? "★ " : ""
        let media = QuantityText.mediaSummary(entry.media)
        let mediaPart = media.isEmpty ? "" : "  [\(media)]"
        let tagPart = entry.tags.isEmpty ? "" : "  " + entry.tags.map { "#" + $0 }.joined(separator: " ")
        var summary = Self.firstLine(of: entry.text) ?? ""
        if let width {
            let fixed = number.count + 2 + time.count + 2 + star.terminalColumns
                + mediaPart.terminalColumns + tagPart.terminalColumns
            summary = summary.truncated(toColumns: max(width - 1 - fixed, 12))
        }
        let shownSummary = summary.isEmpty ? style.dim("(no text)") : summary
        return style.bold(number) + "  " + style.dim(time) + "  " + style.yellow(star) + shownSummary
            + style.dim(mediaPart) + style.cyan(tagPart)
    }

    /// The full view of one entry: number, day and time, star, tags, update time and
    /// UUID, the whole text, and each medium with its kind, file name, size and its
    /// pixel size and orientation or its duration, sample rate and channels.
    func details(of entry: EntryRecord) -> String {
        var lines = [style.bold("#\(entry.id)") + "  " + dates.dayAndTime(of: entry.creationTime)
            + (entry.starred ? "  " + style.yellow("★ starred") : "")]
        if !entry.tags.isEmpty {
            lines.append("Tags:     " + style.cyan(entry.tags.map { "#" + $0 }.joined(separator: " ")))
        }
        lines.append("Updated:  " + dates.dayAndTime(of: entry.updateTime))
        lines.append("UUID:     " + entry.uuid.uuidString.lowercased())
        lines.append("")
        lines.append(entry.text ?? style.dim("(no text)"))
        if !entry.media.isEmpty {
            lines.append("")
            lines.append(style.bold("Media:"))
            let nameWidth = entry.media.map(\.originalFileName.terminalColumns).max() ?? 0
            let sizes = entry.media.map { QuantityText.byteCount($0.byteCount) }
            let sizeWidth = sizes.map(\.count).max() ?? 0
            for (medium, size) in zip(entry.media, sizes) {
                let kind = medium.kind == .image ? "photo    " : "recording"
                lines.append("  \(medium.index)  \(kind)  " + Self.padded(medium.originalFileName, to: nameWidth) + "  "
                    + String(repeating: " ", count: sizeWidth - size.count) + size + "  " + Self.facts(of: medium))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `4000 × 3000 px` (with the orientation and the shown size when it turns the
    /// picture) for a photo; `3:03, 44.1 kHz, stereo` for a recording.
    static func facts(of medium: MediumRecord) -> String {
        switch medium.kind {
        case .image:
            guard let width = medium.width, let height = medium.height else { return medium.mimeType }
            let orientation = medium.orientation ?? 1
            var text = "\(width) × \(height) px"
            if orientation != 1 {
                let (shownWidth, shownHeight) = orientation >= 5 ? (height, width) : (width, height)
                text += ", orientation \(orientation) (shown \(shownWidth) × \(shownHeight))"
            }
            return text
        case .audio:
            var parts: [String] = []
            if let duration = medium.duration { parts.append(QuantityText.duration(duration)) }
            if let rate = medium.sampleRate { parts.append(QuantityText.sampleRate(rate)) }
            if let channels = medium.channels { parts.append(QuantityText.channels(channels)) }
            return parts.isEmpty ? medium.mimeType : parts.joined(separator: ", ")
        }
    }

    /// `text` with spaces after it up to `columns` terminal columns.
    static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - text.terminalColumns))
    }

    /// The first line of `text` that is not blank, trimmed; nil when there is none.
    /// Walks the text only up to that line, scalar by scalar (a listing calls this for every
    /// entry; splitting the whole text into characters and trimming through Foundation cost
    /// more than reading the entries from the store).
    static func firstLine(of text: String?) -> String? {
        guard let scalars = text?.unicodeScalars else { return nil }
        var start = scalars.startIndex
        while start < scalars.endIndex {
            let end = scalars[start...].firstIndex(where: isLineBreak) ?? scalars.endIndex
            var line = scalars[start..<end]
            while let first = line.first, first.properties.isWhitespace { line = line.dropFirst() }
            while let last = line.last, last.properties.isWhitespace { line = line.dropLast() }
            if !line.isEmpty { return String(line) }
            start = end < scalars.endIndex ? scalars.index(after: end) : scalars.endIndex
        }
        return nil
    }

    /// The scalars `Character.isNewline` counts: LF, VT, FF, CR, NEL, LS, PS.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
