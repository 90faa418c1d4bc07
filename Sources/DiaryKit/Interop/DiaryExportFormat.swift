/// The whole-diary exports `diary export --format` writes.
public enum DiaryExportFormat: String, Sendable, Hashable, CaseIterable {
    /// `entries.json`, an array of entry objects in the scripting-interface shape, each
    /// medium with a `path` to its file under `media/`; importable with `--from json`.
    case json
    /// One `YYYY-MM-DD.md` per local day, images and recordings linked under `media/`.
    case markdown
}

/// What a whole-diary export wrote.
public struct DiaryExportSummary: Sendable, Hashable {
    /// Entries written.
    public var entryCount: Int
    /// Media files copied into `media/` (each distinct file once).
    public var mediaFileCount: Int
    /// The JSON file or the Markdown day files, in order.
    public var files: [String]

    /// Makes a summary.
    public init(entryCount: Int, mediaFileCount: Int, files: [String]) {
        self.entryCount = entryCount
        self.mediaFileCount = mediaFileCount
        self.files = files
    }
}
