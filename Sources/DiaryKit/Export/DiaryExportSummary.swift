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
