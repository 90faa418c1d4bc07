import DiaryKit
import Foundation

/// Entries as people read them: listings with one heading per local day and one line
/// per entry (`#42  14:03  Beach day…  [2 photos, 1 recording] #travel`), and the full
/// view of `diary show`. Colour comes from ``TextStyler`` (off unless stdout is a
/// terminal and `NO_COLOR` is unset); lines are cut to `width` when one is given. Stored
/// text, tags and file names go through ``TerminalEscaper`` (on when stdout is a terminal)
/// before they are measured, cut or styled.
struct EntryFormatter {
    /// The zone times and days are shown in.
    let timeZone: any TimeZoneRules
    /// Colour, or none.
    let style: TextStyler
    /// The terminal's width to cut entry lines to; nil leaves them whole.
    let width: Int?
    /// Visible escapes for what stored text could do to a terminal, or none.
    let escaper: TerminalEscaper
    /// Times on a 12-hour clock (the `time.format` setting).
    var twelveHourClock = false

    /// Makes a formatter from its parts; by default stored text is shown as it is.
    init(
        timeZone: any TimeZoneRules, style: TextStyler, width: Int?,
        escaper: TerminalEscaper = TerminalEscaper(isEnabled: false)
    ) {
        self.timeZone = timeZone
        self.style = style
        self.width = width
        self.escaper = escaper
    }

    /// Makes a formatter for what `context` writes to.
    init(context: CommandContext) {
        self.init(
            timeZone: context.timeZone, style: context.terminal.outputStyle,
            width: context.terminal.isStandardOutputTerminal ? context.terminal.width : nil,
            escaper: context.terminal.outputEscaper)
        twelveHourClock = context.display.current.twelveHourClock
    }

    /// The tags as `#a #b`, escaped.
    private func tagList(_ tags: [String]) -> String {
        tags.map { "#" + escaper.escaped($0) }.joined(separator: " ")
    }

    private var dates: LocalDateText { LocalDateText(timeZone: timeZone, twelveHourClock: twelveHourClock) }

    /// The listing of DiaryKit's day sections: a heading for each day (none for a day that
    /// cannot be named), its entries below it, and an empty line between days; under each
    /// entry's line, what `below` gives for it (text ending in a newline: its pictures).
    func listing(_ sections: [DaySection], below: ((EntryRecord) -> String?)? = nil) -> String {
        var output = ""
        output.reserveCapacity(sections.reduce(0) { $0 + $1.entries.count } * 128)
        for (index, section) in sections.enumerated() {
            if index > 0 { output += "\n" }
            if let day = DiaryDay(year: section.day.year, month: section.day.month, day: section.day.day) {
                output += style.bold(dates.heading(for: day))
                output += "\n"
            }
            for entry in section.entries {
                output += line(for: entry)
                output += "\n"
                if let extra = below?(entry) { output += extra }
            }
        }
        return output
    }

    /// The listing of `entries` (already in order), grouped by DiaryKit under their own local day.
    func listing(_ entries: [EntryRecord]) -> String {
        listing(DaySection.grouping(entries))
    }

    /// One entry's line: number, local time, star, the first line of its text (cut so
    /// the whole line fits the width), a media summary and its tags.
    func line(for entry: EntryRecord) -> String {
        let number = "#\(entry.id)"
        let time = dates.time(of: entry)
        let star = entry.starred ? "★ " : ""
        let media = QuantityText.mediaSummary(entry.media)
        let mediaPart = media.isEmpty ? "" : "  [\(media)]"
        let tagPart = entry.tags.isEmpty ? "" : "  " + tagList(entry.tags)
        var summary = escaper.escaped(Self.firstLine(of: entry.text) ?? "")
        if let width {
            let fixed =
                number.count + 2 + time.count + 2 + star.terminalColumns
                + mediaPart.terminalColumns + tagPart.terminalColumns
            summary = summary.truncated(toColumns: max(width - 1 - fixed, 12))
        }
        let shownSummary = summary.isEmpty ? style.dim("(no text)") : summary
        // Appended to one string rather than concatenated pair by pair (a copy each).
        var line = style.bold(number)
        line.reserveCapacity(line.utf8.count + shownSummary.utf8.count + tagPart.utf8.count + 64)
        line += "  "
        line += style.dim(time)
        line += "  "
        line += style.yellow(star)
        line += shownSummary
        line += style.dim(mediaPart)
        line += style.cyan(tagPart)
        return line
    }

    /// The full view of one entry: number, day and time, star, tags, place (its name, escaped,
    /// and its point), update time and UUID, the whole text, and each medium with its kind, file name, size and its
    /// pixel size and orientation or its duration, sample rate and channels.
    ///
    /// `pictures` holds what to draw under each medium's line, in the entry's order (text from
    /// ``TerminalPicture``, ending in a newline; nil or missing for none).
    func details(of entry: EntryRecord, pictures: [String?] = []) -> String {
        var lines = [
            style.bold("#\(entry.id)") + "  " + dates.dayAndTime(of: entry)
                + (entry.starred ? "  " + style.yellow("★ starred") : "")
        ]
        if !entry.tags.isEmpty {
            lines.append("Tags:     " + style.cyan(tagList(entry.tags)))
        }
        if let place = entry.place {
            lines.append("Place:    " + escaper.escaped(place.text))
        }
        lines.append("Updated:  " + dates.dayAndTime(of: entry.updateTime))
        lines.append("UUID:     " + entry.uuid.lowercaseText)
        lines.append("")
        lines.append(entry.text.map(escaper.escaped) ?? style.dim("(no text)"))
        if !entry.media.isEmpty {
            lines.append("")
            lines.append(style.bold("Media:"))
            let names = entry.media.map { escaper.escaped($0.originalFileName) }
            let nameWidth = names.map(\.terminalColumns).max() ?? 0
            let sizes = entry.media.map { QuantityText.byteCount($0.byteCount) }
            let sizeWidth = sizes.map(\.count).max() ?? 0
            for ((medium, name), size) in zip(zip(entry.media, names), sizes) {
                let kind = medium.kind == .image ? "photo    " : "recording"
                lines.append(
                    "  \(medium.index)  \(kind)  " + Self.padded(name, to: nameWidth) + "  "
                        + String(repeating: " ", count: sizeWidth - size.count) + size + "  "
                        + escaper.escaped(Self.facts(of: medium)))
                lines += cameraLines(of: medium.photo).map { "     " + $0 }
                if pictures.indices.contains(medium.index - 1), let picture = pictures[medium.index - 1] {
                    lines.append(String(picture.dropLast(picture.hasSuffix("\n") ? 1 : 0)))
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A photo's camera facts, one line each: `Taken:   Monday, 14 July 2008 09:15 (UTC+09:00)`
    /// (the camera's own clock and offset when it wrote one, `(UTC+01:00, from the GPS time)` when
    /// its GPS time gave the offset, else the local time), `Place:
    /// 35.658581, 139.745433, 40.5 m`, `Camera:` and `Lens:`, escaped (user-controlled text).
    func cameraLines(of photo: PhotoFacts) -> [String] {
        var lines: [String] = []
        if let time = photo.captureTime {
            if let offset = photo.captureUTCOffset {
                let zone = FixedOffset(seconds: offset)
                let source = photo.captureUTCOffsetIsFromGPS ? ", from the GPS time" : ""
                lines.append(
                    "Taken:   " + LocalDateText(timeZone: zone, twelveHourClock: twelveHourClock).dayAndTime(of: time)
                        + " (\(zone.identifier)\(source))")
            } else {
                lines.append("Taken:   " + dates.dayAndTime(of: time))
            }
        }
        if let place = photo.placeText { lines.append("Place:   " + place) }
        if let camera = photo.camera { lines.append("Camera:  " + escaper.escaped(camera)) }
        if let lens = photo.lens { lines.append("Lens:    " + escaper.escaped(lens)) }
        return lines.map { style.dim($0) }
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
    /// Looks for the line breaks in the text's UTF-8 bytes, only up to that line, and
    /// trims only the line's ends (a listing calls this for every entry; walking the text
    /// scalar by scalar through String indices cost more than reading the entries).
    static func firstLine(of text: String?) -> String? {
        guard var text else { return nil }
        return text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                var breakLength = 0
                while end < bytes.count {
                    breakLength = lineBreakLength(in: bytes, at: end)
                    if breakLength > 0 { break }
                    end += 1
                }
                // ASCII whitespace goes byte by byte; only a line that then starts or ends
                // outside ASCII needs the scalars' whitespace property.
                var lower = start, upper = end
                while lower < upper, isASCIIWhitespace(bytes[lower]) { lower += 1 }
                while upper > lower, isASCIIWhitespace(bytes[upper - 1]) { upper -= 1 }
                if lower < upper {
                    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
                    let shown = bytes[lower] < 0x80 && bytes[upper - 1] < 0x80 ? line : trimmed(line)
                    if !shown.isEmpty { return shown }
                }
                start = end + breakLength
            }
            return nil
        }
    }

    /// `line` without the whitespace scalars at its ends.
    private static func trimmed(_ line: String) -> String {
        let whole = line.unicodeScalars
        var scalars = whole[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
        return scalars.startIndex == whole.startIndex && scalars.endIndex == whole.endIndex ? line : String(scalars)
    }

    /// Whether `byte` is an ASCII scalar with the whitespace property: tab to carriage return, space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The length in bytes of the line break starting at `index` of valid UTF-8 `bytes`, or 0:
    /// the scalars `Character.isNewline` counts, LF, VT, FF, CR (one byte), NEL (`C2 85`),
    /// LS and PS (`E2 80 A8`, `E2 80 A9`). Lead bytes never occur inside another scalar.
    private static func lineBreakLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch bytes[index] {
        case 0x0A...0x0D:
            return 1
        case 0xC2:
            return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return index + 2 < bytes.count && bytes[index + 1] == 0x80 && (0xA8...0xA9).contains(bytes[index + 2])
                ? 3 : 0
        default:
            return 0
        }
    }
}
