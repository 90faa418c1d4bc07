/// What a book export wrote, and what it kept from the book that was there.
public struct BookExportSummary: Sendable, Hashable {
    /// Entries in the book.
    public var entryCount: Int
    /// Month pages in the book.
    public var monthCount: Int
    /// Distinct media files in the book (each original once, whatever copies it has).
    public var mediaFileCount: Int
    /// Files written anew.
    public var filesWritten: Int
    /// Files kept unchanged from the previous book (hard links to the same bytes).
    public var filesKept: Int
    /// Files of the previous book the new one no longer has.
    public var filesRemoved: Int
    /// Media shown only as their original because their copy for browsers could not be made:
    /// the file name and why, one each.
    public var uncopiedMedia: [String]

    /// Makes a summary.
    public init(
        entryCount: Int, monthCount: Int, mediaFileCount: Int, filesWritten: Int, filesKept: Int,
        filesRemoved: Int, uncopiedMedia: [String] = []
    ) {
        self.entryCount = entryCount
        self.monthCount = monthCount
        self.mediaFileCount = mediaFileCount
        self.filesWritten = filesWritten
        self.filesKept = filesKept
        self.filesRemoved = filesRemoved
        self.uncopiedMedia = uncopiedMedia
    }
}
