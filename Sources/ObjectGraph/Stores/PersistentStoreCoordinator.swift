import Foundation
import Synchronization

/// Opens stores for a model and hands them to contexts.
///
/// ## Topics
///
/// ### Opening stores
/// - ``init(model:)``, ``addPersistentStore(type:at:options:)``, ``persistentStores``
/// - ``PersistentStoreOptions`` (encryption, history, read-only, busy timeout)
///
/// ### Upkeep (`PersistentStoreCoordinator+Maintenance`)
/// - ``integrityProblems()``, ``blobGarbage(olderThan:remove:)``, ``removeStoreIfUnused()``
/// - ``BlobGarbage`` (``BlobGarbage/unreferencedBlobs``, ``BlobGarbage/recentUnreferencedBlobs``,
///   ``BlobGarbage/staleTemporaryFiles``)
///
/// ### Remote changes (`RemoteChangeObservation`)
/// - ``observeRemoteChanges(every:_:)``, ``RemoteStoreChange``
///
/// `Sendable`: the list of stores lives in a `Mutex`, and the stores themselves are `Sendable`.
public final class PersistentStoreCoordinator: Sendable {
    /// The model every store of the coordinator is opened with.
    public let managedObjectModel: ManagedObjectModel
    /// The stores, as the backend protocol both store classes adopt whole.
    private let stores = Mutex<[any StoreBackend]>([])
    /// Passes did-save summaries to the contexts that merge them automatically.
    let saveHub = SaveHub()

    /// A coordinator for `model`, with no store yet.
    public init(model: ManagedObjectModel) {
        managedObjectModel = model
    }

    /// Opens (creating if needed) a store of `type` at `url` (nil for in-memory) and adds it.
    /// Contexts use the first store added. A store written with another model is migrated to
    /// this one when every change is lightweight (after a backup copy `<file>.backup-<hash>`).
    /// - Throws: ``MigrationError`` listing the changes that cannot be migrated (the store is left
    ///   as it was); ``StoreError/modelMismatch(storeHash:modelHash:differences:)`` for a store of
    ///   another model that keeps no model description; ``StoreFailure``, ``StoreError``, ``SQLiteError`` when it
    /// cannot be opened;   ``StoreEncryptionError`` for a wrong or missing key, a key for a plain store, a key for a
    ///   store type other than SQLite (``StoreEncryptionError/unsupportedStoreType(_:)``).
    @discardableResult
    public func addPersistentStore(
        type: PersistentStoreType, at url: URL?,
        options: PersistentStoreOptions = PersistentStoreOptions()
    ) throws -> any PersistentStore {
        let store: any StoreBackend
        if options.encryptionKey != nil, type != .sqlite { throw StoreEncryptionError.unsupportedStoreType(type) }
        switch type {
        case .sqlite:
            guard let url else { throw StoreError.missingURL(type) }
            store = try SQLiteStore.open(model: managedObjectModel, url: url, options: options)
        case .binary:
            guard let url else { throw StoreError.missingURL(type) }
            store = try SnapshotStore(model: managedObjectModel, fileURL: url, options: options)
        case .inMemory:
            store = try SnapshotStore(model: managedObjectModel, fileURL: nil, options: options)
        }
        stores.withLock { $0.append(store) }
        return store
    }

    /// The stores added so far.
    public var persistentStores: [any PersistentStore] { stores.withLock { $0 } }

    /// The store contexts read and write: the first one added.
    /// - Throws: ``ObjectGraphError/noPersistentStore``.
    func store() throws -> any StoreBackend {
        guard let store = stores.withLock({ $0.first }) else { throw ObjectGraphError.noPersistentStore }
        return store
    }
}
