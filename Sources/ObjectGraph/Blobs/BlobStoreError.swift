import Foundation

/// Why a ``BlobStore`` operation failed.
public enum BlobStoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The blob directory at `path` could not be created or is not a directory.
    case directoryUnavailable(path: String, reason: String)
    /// The file to store, at `path`, could not be opened or read.
    case unreadableSource(path: String, reason: String)
    /// Writing, syncing or renaming the file at `path` failed (disk full, permissions…).
    case writeFailed(path: String, reason: String)
    /// Reading the committed blob at `path` failed for a reason other than its absence.
    case readFailed(path: String, reason: String)
    /// No committed blob has this hash.
    case missingBlob(sha256: String)
    /// The blob with this hash is on disk but its content does not match the hash or length.
    case corruptBlob(sha256: String)
    /// The text is not a SHA-256 in 64 lower-case hex digits.
    case invalidHash(String)
    /// The staged blob's temporary file is gone (already committed, discarded or swept).
    case missingStagedFile(path: String)
    /// The encrypted blob file at `path`, which should hold the content with SHA-256 `sha256`
    /// (nil when read by file name, before its content was known), fails authentication:
    /// damaged, truncated, extended, or another blob's file put in its place. `reason` says
    /// which check failed.
    case damagedBlob(sha256: String?, path: String, reason: String)

    /// A message that says what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .directoryUnavailable(let path, let reason):
            "Cannot use blob directory '\(path)': \(reason). Check that the path is a writable directory."
        case .unreadableSource(let path, let reason):
            "Cannot read '\(path)': \(reason). Check that the file exists and is readable."
        case .writeFailed(let path, let reason):
            "Cannot write '\(path)': \(reason). Check free disk space and permissions."
        case .readFailed(let path, let reason):
            "Cannot read blob file '\(path)': \(reason). Check the blob directory's permissions."
        case .missingBlob(let sha256):
            "Blob \(sha256) is missing from the blob directory. Restore it from a backup, or run a store check."
        case .corruptBlob(let sha256):
            "Blob \(sha256) is damaged: its content no longer matches its hash. Restore it from a backup."
        case .invalidHash(let text):
            "'\(text)' is not a SHA-256 hash (64 lower-case hex digits)."
        case .missingStagedFile(let path):
            "The staged file '\(path)' is gone; it was already committed, discarded or swept. Stage the content again."
        case .damagedBlob(let sha256, let path, let reason):
            "Blob \(sha256.map { "\($0) " } ?? "")in '\(path)' is damaged: \(reason). Restore it from a backup; "
                + "a store check lists every damaged blob."
        }
    }
}
