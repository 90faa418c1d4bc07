import Foundation

/// The `index.html` of a bundle: one self-contained page (inline CSS, no scripts, no
/// external resources) showing the entry's date, place, text (rendered from Markdown, raw HTML
/// shown as text), tags, photos and recordings.
struct EntryPage {
    let entry: EntrySnapshot
    /// The bundle-relative path of each medium, in `entry.media` order.
    let mediaPaths: [String]
    /// The bundle-relative path of each medium's JPEG copy for browsers (HEIC, AVIF, WebP), nil
    /// for the others; empty for none.
    var copyPaths: [String?] = []
    let timeZone: any TimeZoneRules

    /// The page's HTML.
    var html: String {
        // On the clock of the zone the entry was written in, as listings show it.
        let written = WallClockTime(entry.creationTime, in: EntryZone.named(entry.timeZone) ?? timeZone)
        let day = written.longDay
        let time = written.minuteString
        var body = """
            <header>
            <p class="meta"><time datetime="\(Self.escape(timestamp(entry.creationTime)))">\
            \(Self.escape(time))</time>\(placeLabel)\(entry.starred ? " · <span class=\"star\">★ starred</span>" : "")</p>
            <h1>\(Self.escape(day))</h1>
            </header>

            """
        body += paragraphs
        if !entry.tags.isEmpty {
            body +=
                "<ul class=\"tags\">"
                + entry.tags.map { "<li>#\(Self.escape($0))</li>" }.joined()
                + "</ul>\n"
        }
        if !entry.media.isEmpty {
            body += "<section class=\"media\">\n"
            for (position, (medium, path)) in zip(entry.media, mediaPaths).enumerated() {
                let copy = copyPaths.indices.contains(position) ? copyPaths[position] : nil
                body += figure(for: medium, path: path, copy: copy) + "\n"
            }
            body += "</section>\n"
        }
        body += """
            <footer>Exported from PhotoDiary · written \(Self.escape(written.shortDayAndMinute)), \
            last changed \(Self.escape(WallClockTime(entry.updateTime, in: timeZone).shortDayAndMinute)) · \
            entry <code>\(entry.uuid.lowercaseText)</code></footer>

            """
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="PhotoDiary">
            <title>\(Self.escape(day))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    /// The text rendered from Markdown.
    private var paragraphs: String {
        guard let text = entry.text, !text.allSatisfy(\.isWhitespace) else { return "" }
        return "<article class=\"text\">\n" + MarkdownRenderer.html(text) + "</article>\n"
    }

    private func figure(for medium: MediumSnapshot, path: String, copy: String?) -> String {
        let name = Self.escape(medium.originalFileName)
        let source = Self.escape(copy ?? path)
        switch medium.kind {
        case .image:
            var size = ""
            var caption = name
            if let width = medium.width, let height = medium.height {
                // Browsers apply the EXIF orientation; 5–8 turn the picture by 90°.
                let turned = (5...8).contains(medium.orientation ?? 1)
                let shown = turned ? (height, width) : (width, height)
                size = " width=\"\(shown.0)\" height=\"\(shown.1)\""
                caption += " · \(shown.0) × \(shown.1)"
            }
            caption += cameraCaption(medium.photo)
            if copy != nil { caption += "<br><a href=\"\(Self.escape(path))\">original</a>" }
            return "<figure class=\"photo\"><img src=\"\(source)\"\(size) alt=\"Photo \(name)\">"
                + "<figcaption>\(caption)</figcaption></figure>"
        case .audio:
            let length = medium.duration.map { " · " + Self.clock($0) } ?? ""
            let original = copy == nil ? "" : " · <a href=\"\(Self.escape(path))\">original</a>"
            return "<figure class=\"recording\"><figcaption>Recording \(name)\(length)\(original)</figcaption>"
                + "<audio controls preload=\"metadata\" src=\"\(source)\">"
                + "<a href=\"\(source)\">\(name)</a></audio></figure>"
        }
    }

    /// ` · ` and where the entry was written, its name (or point) linked to OpenStreetMap when the
    /// point is known; "" without a place.
    private var placeLabel: String {
        guard let place = entry.place else { return "" }
        let label = Self.escape(Self.printable(place.name ?? place.coordinates?.text ?? ""))
        guard let point = place.coordinates else { return " · <span class=\"place\">\(label)</span>" }
        return " · <a class=\"place\" href=\"\(Self.escape(point.openStreetMapURL))\">\(label)</a>"
    }

    /// The camera's facts for a caption: when (in the camera's own offset when it wrote one),
    /// where (coordinates linked to OpenStreetMap), with what; "" when there are none.
    private func cameraCaption(_ photo: PhotoFacts) -> String {
        var parts: [String] = []
        if let time = photo.captureTime {
            let zone: any TimeZoneRules = photo.captureUTCOffset.map { FixedOffset(seconds: $0) } ?? timeZone
            let clock = WallClockTime(time, in: zone)
            parts.append(
                "taken <time datetime=\"\(Self.escape(BundleTimestamp.string(from: time, in: zone)))\">"
                    + Self.escape(clock.shortDayAndMinute) + "</time>")
        }
        if let link = photo.openStreetMapURL {
            parts.append("<a class=\"place\" href=\"\(Self.escape(link))\">\(Self.escape(photo.placeText ?? ""))</a>")
        }
        if let camera = photo.camera {
            parts.append("<span class=\"camera\">\(Self.escape(Self.printable(camera)))</span>")
        }
        if let lens = photo.lens { parts.append("<span class=\"lens\">\(Self.escape(Self.printable(lens)))</span>") }
        return parts.map { "<br>" + $0 }.joined()
    }

    /// `text` with control characters (not allowed in HTML text) as U+FFFD: EXIF names are
    /// whatever bytes the file holds.
    private static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? "\u{FFFD}" : $0
                }))
    }

    private func timestamp(_ date: Date) -> String {
        BundleTimestamp.string(from: date, in: timeZone)
    }

    /// A recording's length as a clock (`3:03`, `1:02:05`); under ten seconds in tenths
    /// (`0.3 s`), so a short note does not read as `0:00`. Times beyond a million hours (a
    /// store edited by hand) are shown as that bound instead of trapping.
    static func clock(_ seconds: Double) -> String {
        if seconds.isFinite, seconds >= 0, seconds < 9.95 { return String(format: "%.1f s", seconds) }
        let total = seconds.isFinite ? Int(min(max(0, seconds.rounded()), 3.6e9)) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? "\(hours):\(minutes.zeroPadded(2)):\(rest.zeroPadded(2))" : "\(minutes):\(rest.zeroPadded(2))"
    }

    /// `text` safe inside HTML text and quoted attribute values.
    static func escape(_ text: String) -> String {
        // Byte by byte: every character escaped is ASCII, and no ASCII byte is ever part of
        // another character in UTF-8.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let style = """

        :root { color-scheme: light dark; --ink: #222; --muted: #6b6b6b; --paper: #fbfaf7;
          --line: #e4e0d8; --accent: #b5651d; }
        @media (prefers-color-scheme: dark) { :root { --ink: #e8e6e1; --muted: #a09c94;
          --paper: #1c1b19; --line: #3a3833; --accent: #e0a060; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--paper); color: var(--ink);
          font: 17px/1.6 Georgia, "Iowan Old Style", "DejaVu Serif", serif; }
        main { max-width: 44rem; margin: 0 auto; padding: 2.5rem 1.25rem 3rem; }
        header { border-bottom: 1px solid var(--line); margin-bottom: 1.5rem; }
        h1 { font-size: 1.9rem; line-height: 1.2; margin: 0.2rem 0 1rem; font-weight: normal; }
        .meta, figcaption, footer, .tags { font-family: system-ui, "DejaVu Sans", sans-serif; }
        .meta { color: var(--muted); margin: 0; font-size: 0.95rem; }
        .star { color: var(--accent); }
        .text p { margin: 0 0 1em; white-space: normal; overflow-wrap: anywhere; }
        .tags { list-style: none; padding: 0; margin: 1.5rem 0; display: flex; flex-wrap: wrap;
          gap: 0.4rem; }
        .tags li { font-size: 0.85rem; padding: 0.1rem 0.6rem; border: 1px solid var(--line);
          border-radius: 999px; color: var(--accent); }
        figure { margin: 2rem 0; }
        img { display: block; max-width: 100%; height: auto; border-radius: 6px;
          box-shadow: 0 1px 4px rgba(0, 0, 0, 0.18); }
        audio { width: 100%; margin-top: 0.4rem; }
        figcaption { color: var(--muted); font-size: 0.85rem; margin-top: 0.4rem; }
        footer { margin-top: 3rem; padding-top: 1rem; border-top: 1px solid var(--line);
          color: var(--muted); font-size: 0.8rem; }
        code { font-size: 0.85em; }

        """
}
