import Foundation

/// The frame every page of a book shares: the head with the stylesheet, the navigation bar
/// and the footer. Pages are plain HTML, readable without scripts except search and on this
/// day, and link only to files inside the book (and to OpenStreetMap from the map).
struct BookPage {
    /// The page's title (text, escaped here).
    var title: String
    /// `""` for a page at the book's top, `"../"` for one in a folder.
    var root: String
    /// The page's `<main>` content, already HTML.
    var body: String
    /// Scripts to load at the end of the body, relative to the page.
    var scripts: [String] = []

    /// The whole document.
    var html: String {
        let nav = [
            ("index.html", "Diary"), ("on-this-day.html", "On this day"), ("tags/index.html", "Tags"),
            ("map.html", "Map"), ("search.html", "Search")
        ]
        .map { "<a href=\"\(root)\($0.0)\">\($0.1)</a>" }.joined(separator: "\n")
        let scriptTags = scripts.map { "<script src=\"\(EntryPage.escape($0))\"></script>\n" }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="PhotoDiary">
            <title>\(EntryPage.escape(title))</title>
            <link rel="stylesheet" href="\(root)\(BookLayout.stylesheet)">
            </head>
            <body>
            <nav class="bar">
            \(nav)
            </nav>
            <main>
            \(body)</main>
            <footer>Made by PhotoDiary · readable offline, no network needed</footer>
            \(scriptTags)</body>
            </html>

            """
    }

    /// `1 entry`, `12 entries`.
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) " + (value == 1 ? singular : plural)
    }
}
