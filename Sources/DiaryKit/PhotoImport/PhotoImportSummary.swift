import Foundation

/// What `diary import --from photos` did.
public struct PhotoImportSummary: Sendable {
    /// A file that was not imported, and why.
    public struct Refusal: Sendable {
        /// The file.
        public var url: URL
        /// Its first problem (unreadable, not a valid photo or recording, …).
        public var error: DiaryError
    }

    /// Entries created.
    public var entriesCreated = 0
    /// Media files attached to them.
    public var filesImported = 0
    /// Bytes of those files.
    public var bytesImported: Int64 = 0
    /// Files skipped because a medium with the same SHA-256 is already in the diary (or
    /// appeared earlier in the same run).
    public var alreadyPresent = 0
    /// Files already present whose stored copy was damaged or missing and was replaced from
    /// them (counted in ``alreadyPresent`` too), in the order found.
    public var healed: [URL] = []
    /// Imported files dated by their modification time for want of a capture time.
    public var modificationDated = 0
    /// Hidden files and folders left out.
    public var hiddenSkipped = 0
    /// Files that are neither photos nor recordings, left out.
    public var notMediaSkipped = 0
    /// Files refused, in the order found.
    public var refused: [Refusal] = []
}

/// How far `diary import --from photos` has got, after each file.
public struct PhotoImportProgress: Sendable {
    /// Files handled (imported, skipped or refused) so far.
    public var filesDone: Int
    /// Files found.
    public var fileCount: Int
    /// Entries handled so far.
    public var entriesDone: Int
    /// Entries planned.
    public var entryCount: Int
    /// Bytes of the files handled so far.
    public var bytesDone: Int64
}
