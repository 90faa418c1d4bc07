import Foundation

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
