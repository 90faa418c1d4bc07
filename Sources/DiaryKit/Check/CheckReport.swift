import Foundation

/// What `diary check` found (and, with repair, removed).
public struct CheckReport: Sendable, Hashable {
    /// A referenced blob that is missing or whose content no longer matches its hash.
    public struct BlobProblem: Sendable, Hashable {
        /// Missing or damaged.
        public enum Kind: String, Sendable, Hashable {
            /// No file for the hash.
            case missing
            /// The file's SHA-256 or size differs from the record.
            case corrupt
        }
        /// The entry the medium belongs to.
        public var entryID: Int64
        /// The medium's 1-based index in its entry.
        public var mediumIndex: Int
        /// The recorded SHA-256.
        public var sha256: String
        /// Missing or damaged.
        public var kind: Kind
        /// The recorded size in bytes, when known.
        public var byteCount: Int64?
        /// The medium's original file name, when known (user-controlled text).
        public var fileName: String?

        /// A problem with medium `mediumIndex` of entry `entryID`.
        public init(
            entryID: Int64, mediumIndex: Int, sha256: String, kind: Kind, byteCount: Int64? = nil,
            fileName: String? = nil
        ) {
            self.entryID = entryID
            self.mediumIndex = mediumIndex
            self.sha256 = sha256
            self.kind = kind
            self.byteCount = byteCount
            self.fileName = fileName
        }
    }

    /// An unreferenced file that repair kept because the store has problems.
    public struct KeptFile: Sendable, Hashable {
        /// The blob's hash, or `.staging/<name>` for a temporary file.
        public var name: String
        /// The missing medium whose recorded size the file has: likely its content, under a
        /// record whose hash was damaged.
        public var sameSizeAs: BlobProblem?
    }

    /// The lines SQLite's `PRAGMA integrity_check` reported (empty when sound).
    public var integrityProblems: [String]
    /// Referenced blobs that are missing or damaged. These are never repaired automatically.
    public var blobProblems: [BlobProblem]
    /// Hashes of blob files no medium refers to (what repair removes).
    public var unreferencedBlobs: [String]
    /// Hashes of unreferenced blob files too recent to remove: a save in progress elsewhere
    /// may be about to refer to them. Repair leaves them; a later check collects them.
    public var recentUnreferencedBlobs: [String]
    /// Leftover temporary files of interrupted saves, as `.staging/<name>`.
    public var staleStagingFiles: [String]
    /// Folders that killed zip imports left in the temporary folder (full paths): their
    /// process has gone, so nothing uses them (what repair removes; the next import does too).
    public var staleWorkFolders: [String] = []
    /// What repair removed (blob hashes, `.staging/<name>` and work folders' paths); empty
    /// without repair.
    public var removed: [String]
    /// What repair would have removed but kept, sorted by name: while a medium is missing or
    /// damaged or the database has problems, an unreferenced file may be the only copy of a
    /// medium whose record is what was damaged, so repair removes nothing. Empty without repair.
    public var kept: [KeptFile] = []
    /// How many media blobs were verified (those of trashed entries among them).
    public var verifiedBlobCount: Int
    /// How many entries wait in the trash; their media are checked like all others and
    /// their files are never unreferenced.
    public var trashedEntryCount: Int = 0
    /// Entries whose text holds versions edited on two devices at once (a sync kept both):
    /// not a problem of the store, something for the writer to settle by editing.
    public var syncConflictEntryIDs: [Int64] = []

    /// Unreferenced blob files of an encrypted store that fail authentication: changed or
    /// damaged outside diary (sorted by name). Nothing reads them, so nothing is lost; repair
    /// removes them with the other unreferenced files.
    public var damagedUnreferencedBlobs: [String] = []

    /// The copies of the database a migration to a newer model made beside it
    /// (`Diary.sqlite.backup-<old model hash>`), sorted: the diary as it was before the upgrade.
    public var migrationBackups: [String] = []
    /// Those of ``migrationBackups`` that are plaintext databases in an encrypted diary (an older
    /// version wrote them so): a readable copy of a private diary, which repair removes.
    public var plaintextBackups: [String] = []
    /// Damaged write-ahead logs `check --repair` kept aside (`Diary.sqlite-wal.damaged-<UTC time>`),
    /// sorted: the commits the diary lost at the damage are in them, for a specialist to recover.
    public var keptDamagedLogs: [String] = []

    /// Whether the store needs no attention: a sound database, every referenced blob intact,
    /// and no file that fails authentication left. (Unreferenced files waste space but lose
    /// nothing.)
    public var isHealthy: Bool {
        integrityProblems.isEmpty && blobProblems.isEmpty && damagedUnreferencedBlobs.allSatisfy(removed.contains)
            && plaintextBackups.allSatisfy(removed.contains)
    }

    /// Whether every problem is one `check --repair` mends: only unreferenced files that fail
    /// authentication, with a sound database and every referenced blob intact.
    public var hasOnlyRepairableProblems: Bool {
        !isHealthy && integrityProblems.isEmpty && blobProblems.isEmpty
    }

    /// How many problems keep the store from being healthy.
    public var problemCount: Int {
        integrityProblems.count + blobProblems.count + damagedUnreferencedBlobs.filter { !removed.contains($0) }.count
            + plaintextBackups.filter { !removed.contains($0) }.count
    }
}
