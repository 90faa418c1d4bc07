import Foundation

/// The pages that span the book: the cover, the tags and each tag's page, on this day, the
/// map, the search page and its per-year index shards.
enum BookIndexPages {
    /// `index.html`: the years, newest first, each with its months and their entry counts.
    static func cover(months: [CalendarMonth: Int], title: String) -> String {
        let total = months.values.reduce(0, +)
        var body =
            "<header>\n<h1>\(EntryPage.escape(title))</h1>\n<p class=\"meta\">"
            + "\(BookPage.count(total, "entry", "entries")) in \(BookPage.count(months.count, "month", "months"))</p>\n</header>\n"
        if months.isEmpty { body += "<p>No entries.</p>\n" }
        let years = Dictionary(grouping: months.keys, by: \.year)
        for year in years.keys.sorted(by: >) {
            let inYear = (years[year] ?? []).sorted()
            let count = inYear.reduce(0) { $0 + (months[$1] ?? 0) }
            body +=
                "<section class=\"year\" id=\"y-\(year)\">\n<h2>\(year) <span class=\"meta\">"
                + "\(BookPage.count(count, "entry", "entries"))</span></h2>\n<ul class=\"months\">\n"
            for month in inYear {
                body +=
                    "<li><a href=\"\(BookLayout.monthPage(month))\">\(month.name)</a> "
                    + "<span class=\"meta\">\(months[month] ?? 0)</span></li>\n"
            }
            body += "</ul>\n</section>\n"
        }
        return BookPage(title: title, root: "", body: body).html
    }

    /// `tags/index.html`: every tag with its count, by name.
    static func tagList(_ tags: [(name: String, count: Int)]) -> String {
        var body = "<header>\n<h1>Tags</h1>\n</header>\n"
        if tags.isEmpty { body += "<p>No tags.</p>\n" }
        body += "<ul class=\"taglist\">\n"
        for tag in tags {
            body +=
                "<li><a href=\"../\(BookLayout.tagPage(tag.name))\">#\(EntryPage.escape(tag.name))</a> "
                + "<span class=\"meta\">\(tag.count)</span></li>\n"
        }
        body += "</ul>\n"
        return BookPage(title: "Tags · Diary", root: "../", body: body).html
    }

    /// One tag's page: its entries, newest first.
    static func tagPage(_ name: String, lines: [BookEntryLine]) -> String {
        var body =
            "<header>\n<p class=\"meta\"><a href=\"index.html\">All tags</a></p>\n"
            + "<h1>#\(EntryPage.escape(name))</h1>\n<p class=\"meta\">\(BookPage.count(lines.count, "entry", "entries"))</p>\n</header>\n"
        body += list(lines.reversed(), root: "../")
        return BookPage(title: "#\(name) · Diary", root: "../", body: body).html
    }

    /// Entries as a list of links with their date and first words.
    static func list(_ lines: some Sequence<BookEntryLine>, root: String) -> String {
        // Appended piece by piece: a tag on most entries makes a page of tens of thousands of lines.
        var out = "<ul class=\"lines\">\n"
        for line in lines {
            out += "<li><a href=\""
            out += root
            out += line.link
            out += "\">"
            out += EntryPage.escape(line.shortDate)
            out += "</a>"
            if line.starred { out += " <span class=\"star\">★</span>" }
            if !line.excerpt.isEmpty {
                out += " <span class=\"excerpt\">"
                out += EntryPage.escape(line.excerpt)
                out += "</span>"
            }
            out += "</li>\n"
        }
        return out + "</ul>\n"
    }

    /// A photo taken at a known place.
    struct Place {
        var line: BookEntryLine
        var medium: MediumSnapshot
        var placed: PlacedMedium
    }

    /// `map.html`: every place photos were taken, on a plain world outline drawn here (no map
    /// tiles are fetched) and as a list, each linked to OpenStreetMap and to its entry.
    static func map(_ places: [Place]) -> String {
        var body =
            "<header>\n<h1>Places</h1>\n<p class=\"meta\">\(BookPage.count(places.count, "photo", "photos")) "
            + "with a place · each links to OpenStreetMap (online)</p>\n</header>\n"
        if places.isEmpty {
            body += "<p>No photo records where it was taken.</p>\n"
            return BookPage(title: "Places · Diary", root: "", body: body).html
        }
        body +=
            "<svg class=\"world\" viewBox=\"-180 -90 360 180\" role=\"img\" aria-label=\"Where the photos were taken\">"
            + "<rect x=\"-180\" y=\"-90\" width=\"360\" height=\"180\"/>"
            + "<path d=\"M-180 0H180M0 -90V90\"/>"
        for place in places {
            guard let (latitude, longitude) = place.medium.photo.coordinates,
                let link = place.medium.photo.openStreetMapURL
            else { continue }
            body +=
                "<a href=\"\(EntryPage.escape(link))\"><circle cx=\"\(String(format: "%.3f", longitude))\" "
                + "cy=\"\(String(format: "%.3f", -latitude))\" r=\"2\"><title>\(EntryPage.escape(place.line.shortDate))"
                + "</title></circle></a>"
        }
        body += "</svg>\n<ul class=\"places\">\n"
        for place in places {
            guard let link = place.medium.photo.openStreetMapURL else { continue }
            let thumb = place.placed.thumbnail ?? place.placed.shown
            let (width, height) = BookMonthPage.thumbnailSize(place.medium)
            body +=
                "<li><a href=\"\(place.line.link)\"><img src=\"\(thumb)\" width=\"\(width / 4)\" height=\"\(height / 4)\" "
                + "alt=\"Photo \(EntryPage.escape(place.medium.originalFileName))\" loading=\"lazy\"></a> "
                + "<a class=\"place\" href=\"\(EntryPage.escape(link))\">\(EntryPage.escape(place.medium.photo.placeText ?? ""))</a> "
                + "<a href=\"\(place.line.link)\">\(EntryPage.escape(place.line.shortDate))</a></li>\n"
        }
        body += "</ul>\n"
        return BookPage(title: "Places · Diary", root: "", body: body).html
    }

    /// `on-this-day.html`: entries of today's month and day (or `?date=MM-DD`) in every year,
    /// found by the script in the search shards.
    static func onThisDay(years: [Int]) -> String {
        let body = """
            <header>
            <h1>On this day</h1>
            <p class="meta" id="day">Entries of this date in every year</p>
            </header>
            <noscript><p>This page needs JavaScript to know today's date; the months on the cover hold every \
            entry.</p></noscript>
            <div id="results" data-mode="on-this-day"></div>

            """
        return BookPage(
            title: "On this day · Diary", root: "", body: body,
            scripts: years.map(BookLayout.searchShard) + [BookLayout.script]
        ).html
    }

    /// `search.html`: a form whose words (`?q=`) the script looks up in the shards.
    static func search(years: [Int]) -> String {
        let body = """
            <header>
            <h1>Search</h1>
            <form class="search" action="search.html" method="get">
            <input type="search" name="q" id="q" placeholder="Words in the text or tags" aria-label="Search words">
            <button type="submit">Search</button>
            </form>
            <p class="meta" id="summary"></p>
            </header>
            <noscript><p>Search needs JavaScript; the months on the cover hold every entry.</p></noscript>
            <div id="results" data-mode="search"></div>

            """
        return BookPage(
            title: "Search · Diary", root: "", body: body,
            scripts: years.map(BookLayout.searchShard) + [BookLayout.script]
        ).html
    }

    /// `search/<year>.js`: the year's entries as one array of JSON arrays `[link, day, time,
    /// text, tags, starred]`, pushed onto `window.PHOTODIARY_BOOK` (a script, not a JSON file: browsers
    /// refuse `fetch` of `file://` URLs, but load scripts from them).
    static func searchShard(_ lines: [BookEntryLine]) -> String {
        var out = "(window.PHOTODIARY_BOOK = window.PHOTODIARY_BOOK || []).push([\n"
        for (index, line) in lines.enumerated() {
            out += "["
            JSONStringLiteral.append(line.link, to: &out)
            out += ","
            JSONStringLiteral.append(line.day, to: &out)
            out += ","
            JSONStringLiteral.append(line.time, to: &out)
            out += ","
            JSONStringLiteral.append(line.text, to: &out)
            out += ",["
            for (position, tag) in line.tags.enumerated() {
                if position > 0 { out += "," }
                JSONStringLiteral.append(tag, to: &out)
            }
            out += "]," + (line.starred ? "1" : "0") + "]" + (index == lines.count - 1 ? "\n" : ",\n")
        }
        return out + "]);\n"
    }
}
