import Foundation

/// The families of store failure a caller handles differently, thrown by every store type so
/// that no layer above the stores compares SQLite's result codes or names ``SQLiteError``:
/// `catch StoreFailure.busy` is the whole of a caller's busy policy.
///
/// The SQLite store turns SQLite's failures of these families into them (every extended code
/// counts with its primary one); a failure of no family (a constraint, a misuse) stays an
/// ``SQLiteError``. Model and schema trouble is ``StoreError``, conflicting saves ``ConcurrencyError``.
public enum StoreFailure: Error, Hashable, CustomStringConvertible {
    /// Another connection held the store's lock for longer than the busy timeout
    /// (``PersistentStoreOptions/busyTimeoutMilliseconds``), or wrote the file while a store
    /// read as it is on disk was reading it. Nothing was written; try again.
    case busy(path: String, waitedMilliseconds: Int)
    /// The store was opened read-only, or its files may be read but not written, and a write
    /// was asked for; nothing was changed.
    case readOnly(path: String)
    /// The store's file is not one this framework wrote, or it is damaged.
    case corrupt(path: String, reason: String)
    /// A file could not be read or written, the disk is full, or a file cannot be opened.
    case io(path: String, reason: String)

    /// A sentence naming the store and the problem.
    public var description: String {
        switch self {
        case .busy(let path, let waited):
            "The store at \(path) stayed locked by another writer for \(waited) ms; nothing was written. Try again."
        case .readOnly(let path): "The store at \(path) is read-only; nothing was changed."
        case .corrupt(let path, let reason): "The store at \(path) is damaged or not a store: \(reason)."
        case .io(let path, let reason): "Could not read or write \(path): \(reason)."
        }
    }
}
