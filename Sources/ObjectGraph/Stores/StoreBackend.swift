import Foundation

/// What contexts need of a persistent store: its rows (``RowSource``), the batch reads behind
/// batched faulting and prefetching, the writes of a save, batch updates and deletes, and the
/// persistent history. Both store classes adopt it whole (`SQLiteStore`, and ``SnapshotStore``
/// for the in-memory and binary types), so a context asks the coordinator for its store
/// (``PersistentStoreCoordinator/store()``) and calls it without casting. Only the coordinator's
/// stores conform (they are ``PersistentStore``s: `Sendable`, with an identity and metadata);
/// a parent context, which child contexts only read, is a ``RowSource``.
protocol StoreBackend: PersistentStore, RowSource {
    // MARK: The store

    /// The model the store was opened with.
    var model: ManagedObjectModel { get }
    /// External binary storage; nil when the store keeps every value inline.
    var blobStore: BlobStore? { get }
    /// Binary values above this many bytes, in attributes that allow it, go to ``blobStore``.
    var externalStorageThreshold: Int { get }
    /// Whether saves record persistent history (``PersistentStoreOptions/recordsPersistentHistory``).
    var recordsPersistentHistory: Bool { get }

    // MARK: Batch reads (batched faults, prefetching, member counts)

    /// The IDs of the rows `request` matches, filtered, sorted and paged.
    func fetchIDs(_ request: StoreFetch) throws -> [ObjectID]
    /// The rows of `ids` that exist, in no particular order.
    func rows(for ids: [ObjectID]) throws -> [StoreRow]
    /// For to-many `relationship` of `entity`: the destination rows of the objects with keys
    /// `owners`, each with the key of the owner it belongs to; binary values left in the store
    /// when `defersBinaryValues` (by a store that can read them later).
    func destinationRows(
        of owners: [Int64], entity: EntityDescription, relationship: RelationshipDescription,
        defersBinaryValues: Bool
    ) throws -> [(owner: Int64, row: StoreRow)]
    /// For to-many `relationship` of `entity`: the IDs of the destinations of the objects with
    /// keys `owners`, each with the key of the owner it belongs to (no row values read).
    func destinationIDs(
        of owners: [Int64], entity: EntityDescription,
        relationship: RelationshipDescription
    ) throws -> [(owner: Int64, destination: ObjectID)]
    /// The stored value of attribute `index` of the row of `id` (nil when there is no such row).
    func storedValue(ofAttributeAt index: Int, of id: ObjectID) throws -> StoredValue?
    /// For to-many `relationship` of `entity`: how many destinations each of the objects with
    /// keys `owners` has (owners without any are left out).
    func destinationCounts(
        of owners: [Int64], entity: EntityDescription,
        relationship: RelationshipDescription
    ) throws -> [Int64: Int]

    // MARK: Writes

    /// Writes `changes` atomically; returns the primary keys given to the inserted rows, in order.
    func save(_ changes: StoreChanges) throws -> [Int64]
    /// The hash of every blob some stored row refers to.
    func referencedBlobHashes() throws -> Set<String>
    /// Sets `values` on the rows `request` matches (its sort and paging ignored), bumping each
    /// row's version, in one write transaction, and records the update in the persistent history
    /// when the store records it (under `author` and `contextName`). Returns how many rows it
    /// updated and, when `collectsIDs` (or when it had to read them anyway), their IDs.
    /// - Throws: ``ObjectGraphError/uniquenessViolation(entity:keys:)``, ``StoreFailure``, ``StoreError``,
    ///   ``SQLiteError`` when the store fails.
    func batchUpdate(
        _ request: StoreFetch, values: [BatchUpdateValue], collectsIDs: Bool,
        author: String?, contextName: String?
    ) throws -> (count: Int, ids: [ObjectID])
    /// Deletes the rows `request` matches (its sort and paging ignored) and, by the delete rules,
    /// their cascaded destinations, in one write transaction; returns how many rows it deleted and,
    /// when `collectsIDs` (or when it had to read them anyway), their IDs.
    /// Blob files no remaining row refers to are removed afterwards. With persistent history the
    /// deletion is recorded as one transaction of `author` and `contextName`, in the same write.
    /// - Throws: ``ObjectGraphError/validationFailed(_:)`` when a deny rule forbids it (nothing deleted);
    ///   ``StoreFailure``, ``StoreError``, ``SQLiteError`` when the store fails.
    func batchDelete(
        _ request: StoreFetch, collectsIDs: Bool, author: String?,
        contextName: String?
    ) throws -> (count: Int, ids: [ObjectID])

    // MARK: Persistent history (every store type keeps it; it records when ``recordsPersistentHistory``)

    /// The transactions numbered after `number` (all when nil) and saved at or after `date`
    /// (any time when nil), oldest first.
    func historyRecords(after number: Int64?, since date: Date?) throws -> [HistoryRecord]
    /// The number of the last transaction recorded, or nil when there is none.
    func lastHistoryNumber() throws -> Int64?
    /// The number of the oldest transaction kept (nil when none is), and of the last ever
    /// recorded, pruned or not (nil when none ever was): what tells a token whose successors
    /// were pruned.
    func historyBounds() throws -> (oldestKept: Int64?, lastRecorded: Int64?)
    /// Deletes the transactions numbered up to `number` (when given) and saved before `date`
    /// (when given); returns how many went.
    func deleteHistory(through number: Int64?, before date: Date?) throws -> Int
}
