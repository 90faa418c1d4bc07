import Foundation

/// The kinds of store a coordinator can open.
public enum PersistentStoreType: String, Sendable, Hashable, CaseIterable {
    /// A SQLite database in WAL mode (the default for real use).
    case sqlite
    /// The whole graph in one file, rewritten atomically on every save.
    case binary
    /// Nothing on disk; gone when the coordinator goes.
    case inMemory
}

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

    /// Options with the defaults.
    public init(externalStorageThreshold: Int = 128 * 1024, busyTimeoutMilliseconds: Int32 = 5_000,
                memoryMapSize: Int = 0, pageCacheSize: Int = 0) {
        self.externalStorageThreshold = externalStorageThreshold
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.memoryMapSize = memoryMapSize
        self.pageCacheSize = pageCacheSize
    }
}

/// A store opened by a ``PersistentStoreCoordinator``. All store types share it; they are
/// `Sendable` and lock internally, so contexts on different tasks may use one store.
public protocol PersistentStore: AnyObject, Sendable {
    /// The store's UUID, made when the store was created and kept in its metadata.
    var identifier: UUID { get }
    /// The kind of store.
    var type: PersistentStoreType { get }
    /// The store's file, or nil in memory.
    var url: URL? { get }
    /// The model version hash the store was written with.
    var modelVersionHash: String { get }
    /// The directory holding externally stored binary values, if the store has one.
    var blobDirectory: URL? { get }
}

/// Why a store could not be opened, read or written.
public enum StoreError: Error, CustomStringConvertible {
    /// The store was written with another model it keeps no description of (a store made before
    /// migration existed), so it cannot be migrated; the differing entities are named.
    case modelMismatch(storeHash: String, modelHash: String, differences: [String])
    /// The store file is not one this framework wrote, or it is damaged.
    case corruptStore(path: String, reason: String)
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// A store type needs a file URL and none was given.
    case missingURL(PersistentStoreType)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .modelMismatch(let storeHash, let modelHash, let differences):
            "The store was written with another model (store \(storeHash.prefix(12)), model \(modelHash.prefix(12))): "
                + (differences.isEmpty ? "the models differ" : differences.joined(separator: "; "))
                + ". The store does not record the description of its model, so it cannot be migrated; open it with that model."
        case .corruptStore(let path, let reason): "The store at \(path) is damaged or not a store: \(reason)."
        case .io(let path, let reason): "Could not read or write \(path): \(reason)."
        case .missingURL(let type): "A \(type.rawValue) store needs a file URL."
        }
    }
}

/// One stored row as the stores hand it to contexts. (Passed borrowed on hot paths: loops
/// over many rows go by index rather than by element, so rows are not copied field by field.)
struct StoreRow: Sendable {
    /// The row's entity (the most specific one).
    var entity: EntityDescription
    /// The permanent ID (temporary for rows being inserted).
    var objectID: ObjectID
    /// Incremented by every update, for optimistic locking.
    var version: Int64
    /// Attribute values by index in the entity's `allAttributes` (transient ones `.null`).
    var attributes: [StoredValue]
    /// To-one destinations by index in the entity's `allRelationships` (nil for to-many).
    var toOne: [ObjectID?]
}

/// A fetch as a store runs it.
struct StoreFetch: Sendable {
    var entity: EntityDescription
    var includesSubentities: Bool
    var predicate: FetchPredicate?
    var sortOrderings: [SortOrdering]
    var limit: Int?
    var offset: Int
    var fullTextSearch: FullTextSearch? = nil
    /// Leave binary attribute values in the store (``StoredValue/deferred``); see
    /// ``ManagedObjectContext/defersBinaryValues``. Stores that hold the graph in memory ignore it.
    var defersBinaryValues = false

    /// The names of the entities whose rows qualify.
    var entityNames: [String] { includesSubentities ? entity.hierarchyNames : [entity.name] }
}

/// Everything one save writes, in one transaction.
struct StoreChanges: Sendable {
    /// New rows; their IDs are temporary and the store assigns keys.
    var inserted: [StoreRow] = []
    /// Changed rows, written whole.
    var updated: [StoreRow] = []
    /// Removed rows.
    var deleted: [ObjectID] = []
    /// The row version each removed row had when it was read; a row changed since is a conflict.
    var deletedVersions: [ObjectID: Int64] = [:]
    /// The full membership of many-to-many (join table) relationships that changed,
    /// from the side that owns the join table.
    var joinMemberships: [JoinMembership] = []
}

extension StoreChanges {
    /// Turns a referenced object's ID into its primary key, once the inserted rows have `insertedKeys`.
    /// The table of temporary IDs is only built when some row refers to other objects.
    func keyResolver(insertedKeys: [Int64]) -> (ObjectID?) -> Int64? {
        var refersToObjects = !joinMemberships.isEmpty
        for index in inserted.indices where !inserted[index].toOne.isEmpty { refersToObjects = true; break }
        for index in updated.indices where !updated[index].toOne.isEmpty { refersToObjects = true; break }
        guard refersToObjects else { return { $0?.primaryKey } }
        var temporaryKeys: [ObjectID: Int64] = [:]
        for index in inserted.indices where index < insertedKeys.count {
            temporaryKeys[inserted[index].objectID] = insertedKeys[index]
        }
        return { id in
            guard let id else { return nil }
            return id.primaryKey ?? temporaryKeys[id]
        }
    }
}

extension StoreChanges {
    /// Commits every blob the written rows have staged. Stores call it inside their write
    /// transaction (holding the write lock), just before writing the rows: a concurrent removal
    /// of a blob whose last reference went away then either happens before (and the commit puts
    /// the file back from the staged copy) or sees these rows.
    /// - Throws: ``BlobStoreError``; ``StoreError/io(path:reason:)`` when the store keeps no blobs.
    func commitStagedBlobs(to blobStore: BlobStore?) throws {
        var committed = Set<URL>()
        for rows in [inserted, updated] {
            for index in rows.indices {
                for value in rows[index].attributes {
                    guard case .staged(let pending) = value, committed.insert(pending.staged.temporaryURL).inserted else { continue }
                    let staged = pending.staged
                    guard let blobStore else {
                        throw StoreError.io(path: staged.temporaryURL.path, reason: "this store keeps no blob files")
                    }
                    _ = try blobStore.commit(staged)
                }
            }
        }
    }
}

/// The members of one join-table relationship of one object.
struct JoinMembership: Sendable {
    var source: ObjectID
    var entityName: String
    var relationship: String
    var members: [ObjectID]
}

/// What contexts need of a store: rows in, rows out.
protocol RowStore: PersistentStore {
    /// The model the store was opened with.
    var model: ManagedObjectModel { get }
    /// External binary storage and its threshold; nil when the store keeps every value inline.
    var blobStore: BlobStore? { get }
    var externalStorageThreshold: Int { get }

    /// Calls `visit` with each row matching `request`, filtered, sorted and paged, while the
    /// store is locked: `visit` must not call back into the store. The row is the visitor's to
    /// take apart (it is not used again), so its values can move into an object uncopied.
    func fetch(_ request: StoreFetch, _ visit: (inout StoreRow) throws -> Void) throws
    /// How many rows match `request` (limit and offset applied).
    func count(_ request: StoreFetch) throws -> Int
    /// The row of `id`, or nil when there is none.
    func row(for id: ObjectID) throws -> StoreRow?
    /// The destinations of to-many `relationship` of `id`.
    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID]
    /// Writes `changes` atomically; returns the primary keys given to the inserted rows, in order.
    func save(_ changes: StoreChanges) throws -> [Int64]
    /// The hash of every blob some stored row refers to.
    func referencedBlobHashes() throws -> Set<String>
}
