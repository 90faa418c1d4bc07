import Foundation

/// What contexts need of a persistent store besides its rows: the model it was opened with,
/// external binary storage, and the writes of a save. Only the coordinator's stores conform
/// (they are ``PersistentStore``s: `Sendable`, with an identity and metadata); a parent
/// context, which child contexts only read, is a ``RowSource``.
protocol RowStore: PersistentStore, RowSource {
    /// The model the store was opened with.
    var model: ManagedObjectModel { get }
    /// External binary storage and its threshold; nil when the store keeps every value inline.
    var blobStore: BlobStore? { get }
    var externalStorageThreshold: Int { get }

    /// Writes `changes` atomically; returns the primary keys given to the inserted rows, in order.
    func save(_ changes: StoreChanges) throws -> [Int64]
    /// The hash of every blob some stored row refers to.
    func referencedBlobHashes() throws -> Set<String>
}
