import Foundation

/// Where a medium is in the book, once it is there: what a page links to and shows.
struct PlacedMedium: Sendable, Hashable {
    /// What browsers open or play, from the book's top: the original, or its copy for browsers.
    var shown: String
    /// The original, when `shown` is a copy.
    var original: String?
    /// The thumbnail, when the medium is a photo with a stored thumbnail.
    var thumbnail: String?
}

/// A month's page: its entries oldest first under one heading per day, each with its time,
/// star, text rendered from Markdown, tags linked to their pages, photos as thumbnails
/// linking to the full picture, and recordings with a player.
struct BookMonthPage: Sendable {
    let month: CalendarMonth
    let entries: [EntryRecord]
    let previous: CalendarMonth?
    let next: CalendarMonth?
    let media: [String: PlacedMedium]
    let timeZone: any TimeZoneRules
    /// Whether entries are dated by their own zone's clock (``EntryRecord/clock(ownClock:readerZone:)``).
    let ownClocks: Bool

    /// The page's HTML.
    var html: String {
        var body = "<header>\n<p class=\"meta pager\">"
        body +=
            previous.map { "<a rel=\"prev\" href=\"\($0).html\">← \(EntryPage.escape($0.title))</a>" }
            ?? "<span></span>"
        body += next.map { "<a rel=\"next\" href=\"\($0).html\">\(EntryPage.escape($0.title)) →</a>" } ?? ""
        body += "</p>\n<h1>\(EntryPage.escape(month.title))</h1>\n"
        body += "<p class=\"meta\">\(BookPage.count(entries.count, "entry", "entries"))</p>\n</header>\n"
        var currentDay: String?
        for record in entries {
            let clock = record.clock(ownClock: ownClocks, readerZone: timeZone)
            if clock.dayString != currentDay {
                if currentDay != nil { body += "</section>\n" }
                currentDay = clock.dayString
                body +=
                    "<section class=\"day\" id=\"d-\(clock.dayString)\">\n<h2>\(EntryPage.escape(clock.longDay))</h2>\n"
            }
            body += article(record, clock: clock)
        }
        if currentDay != nil { body += "</section>\n" }
        return BookPage(title: month.title + " · Diary", root: "../", body: body).html
    }

    private func article(_ record: EntryRecord, clock: WallClockTime) -> String {
        let stamp = BundleTimestamp.string(from: record.creationTime, in: timeZone)
        var out = "<article class=\"entry\" id=\"\(BookLayout.anchor(record.uuid))\">\n"
        out +=
            "<p class=\"meta\"><a href=\"#\(BookLayout.anchor(record.uuid))\"><time datetime=\"\(EntryPage.escape(stamp))\">"
            + "\(clock.minuteString)</time></a>\(record.starred ? " · <span class=\"star\">★ starred</span>" : "")</p>\n"
        if let text = record.text {
            let html = MarkdownRenderer.html(text)
            if !html.isEmpty { out += "<div class=\"text\">\n\(html)</div>\n" }
        }
        if !record.tags.isEmpty {
            out +=
                "<ul class=\"tags\">"
                + record.tags.map {
                    "<li><a href=\"../\(BookLayout.tagPage($0))\">#\(EntryPage.escape($0))</a></li>"
                }.joined() + "</ul>\n"
        }
        let photos = record.snapshot.media.filter { $0.kind == .image }
        if !photos.isEmpty {
            out += "<div class=\"photos\">\n" + photos.map(photo).joined(separator: "\n") + "\n</div>\n"
        }
        for recording in record.snapshot.media where recording.kind == .audio {
            out += self.recording(recording) + "\n"
        }
        out += "</article>\n"
        return out
    }

    private func photo(_ medium: MediumSnapshot) -> String {
        let placed = media[medium.sha256] ?? PlacedMedium(shown: BookLayout.original(medium))
        let name = EntryPage.escape(medium.originalFileName)
        let (width, height) = Self.thumbnailSize(medium)
        let picture = placed.thumbnail ?? placed.shown
        var caption = name
        if let link = medium.photo.openStreetMapURL {
            caption +=
                " · <a class=\"place\" href=\"\(EntryPage.escape(link))\">\(EntryPage.escape(medium.photo.placeText ?? ""))</a>"
        }
        if let original = placed.original {
            caption += " · <a href=\"../\(original)\">original</a>"
        }
        return "<figure class=\"photo\"><a href=\"../\(placed.shown)\"><img src=\"../\(picture)\" width=\"\(width)\" "
            + "height=\"\(height)\" alt=\"Photo \(name)\" loading=\"lazy\"></a><figcaption>\(caption)</figcaption></figure>"
    }

    private func recording(_ medium: MediumSnapshot) -> String {
        let placed = media[medium.sha256] ?? PlacedMedium(shown: BookLayout.original(medium))
        let name = EntryPage.escape(medium.originalFileName)
        let length = medium.duration.map { " · " + EntryPage.clock($0) } ?? ""
        let original = placed.original.map { " · <a href=\"../\($0)\">original</a>" } ?? ""
        return "<figure class=\"recording\"><figcaption>Recording \(name)\(length)\(original)</figcaption>"
            + "<audio controls preload=\"metadata\" src=\"../\(placed.shown)\"><a href=\"../\(placed.shown)\">\(name)</a></audio></figure>"
    }

    /// The stored thumbnail's size: the picture as shown (orientation applied), longest side
    /// at most 256, never enlarged.
    static func thumbnailSize(_ medium: MediumSnapshot) -> (Int, Int) {
        guard let width = medium.width, let height = medium.height, width > 0, height > 0 else { return (256, 256) }
        let turned = (5...8).contains(medium.orientation ?? 1)
        let (shownWidth, shownHeight) = turned ? (height, width) : (width, height)
        let longest = max(shownWidth, shownHeight)
        guard longest > PreparedMedium.thumbnailMaxSide else { return (shownWidth, shownHeight) }
        let scale = Double(PreparedMedium.thumbnailMaxSide) / Double(longest)
        return (
            max(1, Int((Double(shownWidth) * scale).rounded())), max(1, Int((Double(shownHeight) * scale).rounded()))
        )
    }
}
