import Foundation
import ObjectGraph

/// Where everything lives inside a book folder. Every name is made from dates, SHA-256
/// digests and fixed words, never from what a user typed, so no entry text can name a path.
///
/// ```
/// index.html                cover: the years and their months
/// months/2026-11.html       one page per month, every entry of it
/// tags/index.html           the tags; tags/<slug>-<hash>.html one page per tag
/// on-this-day.html          entries of today's date (or ?date=MM-DD) in earlier years
/// map.html                  every place photos were taken, linked to OpenStreetMap
/// search.html               offline search (?q=words) over search/<year>.js
/// assets/book.css, .js      the style and the search script
/// media/<sha256>.<ext>      the originals; <sha256>.jpg / .wav copies browsers can show or play
/// thumbs/<sha256>.jpg       the stored thumbnails
/// .photodiary-book.json     the manifest: what the folder holds, for the next rebuild
/// ```
enum BookLayout {
    /// The manifest's name; its presence makes a folder a book the next export may rebuild.
    static let manifestName = ".photodiary-book.json"
    /// The folders a book has.
    static let folders = ["months", "tags", "search", "assets", "media", "thumbs"]
    /// The stylesheet, relative to the book.
    static let stylesheet = "assets/book.css"
    /// The search and on-this-day script, relative to the book.
    static let script = "assets/book.js"

    /// `months/2026-11.html`.
    static func monthPage(_ month: CalendarMonth) -> String { "months/\(month).html" }

    /// `search/2026.js`.
    static func searchShard(year: Int) -> String { "search/\(year.zeroPadded(4)).js" }

    /// `tags/<slug>-<8 hex>.html`: ASCII letters and digits of the name (lower-cased) for
    /// reading, and the start of the SHA-256 of its lower-cased spelling for uniqueness (tags
    /// are unique case-insensitively).
    static func tagPage(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9": slug.unicodeScalars.append(scalar)
            default: if !slug.isEmpty && !slug.hasSuffix("-") { slug += "-" }
            }
            if slug.count >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let hash = BookFingerprint.hex(of: name.lowercased()).prefix(8)
        return "tags/" + (slug.isEmpty ? "tag" : slug) + "-" + hash + ".html"
    }

    /// The original under `media/`, named by its SHA-256 and the extension of its MIME type.
    static func original(_ medium: MediumSnapshot) -> String {
        let ext = MediaFileName.defaultExtension(for: medium.mimeType) ?? ""
        return "media/\(medium.sha256)" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// The copy for browsers of a medium that needs one: `media/<sha256>.jpg` or `.wav`.
    static func browserCopy(_ medium: MediumSnapshot, _ copy: BrowserCopy) -> String {
        "media/\(medium.sha256).\(copy.fileExtension)"
    }

    /// `thumbs/<sha256>.jpg`.
    static func thumbnail(_ medium: MediumSnapshot) -> String { "thumbs/\(medium.sha256).jpg" }

    /// The link to an entry from a page at the book's top: `months/2026-11.html#e-<uuid>`.
    static func entryLink(_ uuid: UUID, in month: CalendarMonth) -> String {
        monthPage(month) + "#" + anchor(uuid)
    }

    /// `e-<uuid>`, the id of an entry's article on its month page.
    static func anchor(_ uuid: UUID) -> String { "e-" + uuid.lowercaseText }
}
