import Foundation

/// Settings for opening a store.
public struct PersistentStoreOptions: Sendable, Hashable {
    /// Binary values above this many bytes, in attributes that allow external storage,
    /// live in files beside the store. 128 KiB by default.
    public var externalStorageThreshold: Int
    /// How long SQLite waits for another connection's lock before failing, in milliseconds.
    public var busyTimeoutMilliseconds: Int32
    /// How many bytes of an SQLite database are read through a memory map (0, the default:
    /// none). A short process that mostly reads gains from one (pages come straight from the
    /// kernel's cache, without a read call and a heap copy each); a long bulk write does not,
    /// and the mapped pages it touches count towards its resident memory.
    public var memoryMapSize: Int
    /// How many bytes of database pages SQLite keeps in memory (0, the default: SQLite's own
    /// 2 MB). A write transaction that touches more pages than fit spills some to the log
    /// before it commits and writes them again later; a large one (a bulk import) runs
    /// faster with a larger cache, which grows only as pages are used.
    public var pageCacheSize: Int
    /// Whether a missing store is created (true, the default). When false, opening a file that
    /// holds no store yet fails with ``StoreError/missingStore(path:)`` and creates nothing.
    public var createsStore: Bool
    /// Whether the store is opened only to be read (false by default): nothing is created,
    /// migrated or written, and a save fails with ``StoreFailure/readOnly(path:)``. For a store
    /// the process may read but not write; an SQLite store whose folder does not let this
    /// process make the log files is read as it is on disk (see `SQLiteStore.init`).
    public var isReadOnly: Bool
    /// Told when a save of the SQLite store has waited a while for another writer's lock
    /// (none by default: the wait is silent).
    public var lockWaitNotice: LockWaitNotice?
    /// Whether every save records a transaction in the store's persistent history (false by
    /// default; Core Data's `NSPersistentHistoryTrackingKey`). See ``ManagedObjectContext/fetchHistory(after:)``.
    public var recordsPersistentHistory = false
    /// The data key of an encrypted store (none by default: the store is plain). With a key,
    /// every page of an SQLite store's database and log, and every blob, is encrypted with it;
    /// a new store is created encrypted. Opening an encrypted store without its key, or a plain
    /// one with a key, fails without changing it.
    public var encryptionKey: StoreEncryptionKey?
    /// Where an encrypted SQLite store's commit count is also kept (none by default): opening
    /// refuses a database holding fewer commits than it recalls. See ``CommitCountWitness``.
    public var commitCountWitness: CommitCountWitness?

    /// Options with the defaults.
    public init(
        externalStorageThreshold: Int = 128 * 1024, busyTimeoutMilliseconds: Int32 = 5_000,
        memoryMapSize: Int = 0, pageCacheSize: Int = 0, createsStore: Bool = true, isReadOnly: Bool = false,
        lockWaitNotice: LockWaitNotice? = nil
    ) {
        self.externalStorageThreshold = externalStorageThreshold
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.memoryMapSize = memoryMapSize
        self.pageCacheSize = pageCacheSize
        self.createsStore = createsStore
        self.isReadOnly = isReadOnly
        self.lockWaitNotice = lockWaitNotice
    }
}
