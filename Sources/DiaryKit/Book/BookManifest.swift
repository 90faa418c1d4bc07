import Foundation

/// `.photodiary-book.json`: what a book folder holds, so the next export into it can tell a
/// book from any other folder and keep, by hard link, every file whose key is unchanged.
///
/// `files` maps each path in the book to the key its content was made from: a month page's
/// fingerprint (its entries' identities and changes), a search shard's or tag page's
/// fingerprint, a small page's own SHA-256, or for media the SHA-256 of the original and what
/// was made of it. Equal key, equal bytes: the file is linked instead of written.
struct BookManifest: Codable, Equatable {
    /// The `format` every book manifest has.
    static let formatName = "photodiary-book"
    /// The layout version; a different one rebuilds the whole book.
    static let version = 1
    /// The largest manifest read back (a 100,000-entry book's is well under 1 MiB).
    static let maximumByteCount = 64 << 20

    /// Always ``formatName``.
    var format: String
    /// The layout version the book was written with.
    var version: Int
    /// Every file of the book, by path, with the key of its content.
    var files: [String: String]

    /// An empty manifest of this version.
    init(files: [String: String] = [:]) {
        format = Self.formatName
        version = Self.version
        self.files = files
    }

    /// The manifest's bytes: keys sorted, so the same book gives the same file.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    /// What `folder` is to a book export: absent or empty, an earlier book (its manifest), or
    /// something else, which is never written into.
    enum Found {
        case nothing
        case book(BookManifest)
        case otherContent(reason: String)
    }

    /// Looks at `folder`.
    static func find(in folder: URL) -> Found {
        guard BundlePath.exists(folder) else { return .nothing }
        guard BundlePath.kind(of: folder) == .directory else {
            return .otherContent(reason: "it is a file; export the book into a new or empty folder, or an earlier book")
        }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if children.isEmpty { return .nothing }
        let url = folder.appendingPathComponent(manifestName)
        guard children.contains(manifestName), BundlePath.kind(of: url) == .regularFile else {
            return .otherContent(
                reason: "the folder is not empty and holds no book made by diary; "
                    + "export the book into a new or empty folder, or an earlier book")
        }
        guard let file = try? BundleFile.openForReading(url, ifMissing: .sourceMissing(url)),
            let data = try? file.readAll(limit: maximumByteCount),
            let manifest = try? JSONDecoder().decode(BookManifest.self, from: data),
            manifest.format == formatName
        else {
            return .otherContent(
                reason: "its \(manifestName) is not a book manifest diary can read; "
                    + "export the book into a new or empty folder")
        }
        return .book(manifest)
    }

    private static var manifestName: String { BookLayout.manifestName }
}
