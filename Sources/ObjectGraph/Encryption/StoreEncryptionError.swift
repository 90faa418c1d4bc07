/// Why an encrypted store, or its key, could not be used.
public enum StoreEncryptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libsodium could not be loaded (the reason the loader gave, with how to install it).
    case libraryUnavailable(String)
    /// A data key must be ``StoreEncryptionKey/byteCount`` bytes; this one had that many.
    case invalidKeyLength(Int)
    /// The encrypted database at `path` is not encrypted with the key given (its key-check value
    /// differs). Nothing was read or changed.
    case wrongKey(path: String)
    /// The database at `path` is encrypted and was opened without a key. Nothing was changed.
    case keyRequired(path: String)
    /// The database at `path` is a plain one and was opened with a key. Nothing was changed.
    case notEncrypted(path: String)
    /// Page `page` (1-based) of the file at `path` (the database or its `-wal`) fails
    /// authentication: it was damaged or tampered with.
    case damagedPage(path: String, page: Int)
    /// Only an SQLite store can be encrypted; a store of this type was given a key.
    case unsupportedStoreType(PersistentStoreType)
    /// The encrypted database at `path` holds `databaseCommits` commits, fewer than the
    /// `recordedCommits` this machine last recorded beside it: an older copy was put back (or
    /// its latest commits were lost). Nothing was changed. See ``CommitCounter``.
    case rolledBack(path: String, databaseCommits: Int, recordedCommits: Int)
    /// The commit counter beside the encrypted database at `path` is whole but fails
    /// authentication: it was tampered with, or belongs to another store. Nothing was changed.
    case forgedCommitCounter(path: String)

    /// One line saying what failed.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason):
            "encryption is unavailable: \(reason)"
        case .invalidKeyLength(let count):
            "an encryption key has \(StoreEncryptionKey.byteCount) bytes, not \(count)"
        case .wrongKey(let path):
            "the key does not open the encrypted store \(path); nothing was changed"
        case .keyRequired(let path):
            "the store \(path) is encrypted and needs its key; nothing was changed"
        case .notEncrypted(let path):
            "the store \(path) is not encrypted, but a key was given; nothing was changed"
        case .damagedPage(let path, let page):
            "page \(page) of \(path) is damaged or was tampered with (it fails authentication)"
        case .unsupportedStoreType(let type):
            "a \(type.rawValue) store cannot be encrypted; only an SQLite store can"
        case .rolledBack(let path, let databaseCommits, let recordedCommits):
            "the encrypted store \(path) is older than the one this machine last wrote (it holds \(databaseCommits) "
                + "commit\(databaseCommits == 1 ? "" : "s"), this machine recorded \(recordedCommits)): an older copy was put back, or its latest "
                + "commits were lost; nothing was changed"
        case .forgedCommitCounter(let path):
            "the commit counter beside the encrypted store \(path) fails authentication (tampered with, or another "
                + "store's); nothing was changed"
        }
    }
}
