/// What a whole-file import did.
public struct BulkImportSummary: Sendable, Hashable {
    /// Entries added to the diary.
    public var imported = 0
    /// Entries skipped because the diary already had them (an earlier run of the same import,
    /// or the same entry twice in the file).
    public var alreadyPresent = 0
    /// Entries skipped because they have neither text nor media.
    public var empty = 0
    /// Media files attached to the imported entries.
    public var mediaCount = 0
    /// Imported entries whose zone-less time fell in a daylight-saving gap and was moved forward by it.
    public var movedForwardOverGap = 0
    /// Imported entries whose zone-less time occurred twice (clocks put back); the first was taken.
    public var tookFirstOfRepeated = 0
    /// What the imported entries held that the diary cannot keep (Day One's videos, PDFs and
    /// weather) or could not read (an entry place out of range), counted.
    public var leftOut = LeftOutContent()

    /// Makes a summary.
    public init(
        imported: Int = 0, alreadyPresent: Int = 0, empty: Int = 0, mediaCount: Int = 0,
        movedForwardOverGap: Int = 0, tookFirstOfRepeated: Int = 0
    ) {
        self.movedForwardOverGap = movedForwardOverGap
        self.tookFirstOfRepeated = tookFirstOfRepeated
        self.imported = imported
        self.alreadyPresent = alreadyPresent
        self.empty = empty
        self.mediaCount = mediaCount
    }

    /// Entries read from the file.
    public var total: Int { imported + alreadyPresent + empty }
}
