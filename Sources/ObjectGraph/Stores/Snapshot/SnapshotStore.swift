import Foundation
import Synchronization

/// The store of the whole graph held as one ``GraphSnapshot``: without a file URL the in-memory
/// store (``PersistentStoreType/inMemory``), with one the binary store (``PersistentStoreType/binary``),
/// which writes the snapshot to one file on every save (``BinaryStoreFile``: temp file, fsync,
/// atomic rename) and migrates it when the model changed (``GraphSnapshotMigrator``).
///
/// `Sendable`: the snapshot lives in a `Mutex`; everything else is immutable after `init`
/// (the model and blob store are shared read-only).
///
/// ## Topics
///
/// The type is spread over files by concern (`SnapshotStore+<Concern>.swift`), all of
/// ``StoreBackend``:
/// - reading rows here (``fetch(_:_:)``, ``count(_:)``, ``row(for:)``, ``destinations(of:relationship:)``)
///   and the batch reads in `+Query`; sorting ordered to-manys in `+Order`;
/// - ``save(_:)`` here, ``batchUpdate(_:values:collectsIDs:author:contextName:)`` in `+BatchUpdate`,
///   ``batchDelete(_:collectsIDs:author:contextName:)`` in `+BatchDelete`;
/// - the persistent history, kept in the snapshot, in `+History`.
final class SnapshotStore: StoreBackend, Sendable {
    let model: ManagedObjectModel
    let identifier: UUID
    let type: PersistentStoreType
    let url: URL?
    let blobStore: BlobStore?
    let externalStorageThreshold: Int
    let modelVersionHash: String
    let blobDirectory: URL?
    /// Whether saves record persistent history (see `SnapshotStore+History`).
    let recordsPersistentHistory: Bool

    /// The whole graph, read and replaced only under its lock.
    let snapshot: Mutex<GraphSnapshot>

    /// Opens the binary store at `fileURL` (creating it), or a fresh in-memory store when nil.
    /// A binary store written with another model is migrated first (see ``GraphSnapshotMigrator``).
    /// - Throws: ``MigrationError``, ``StoreError/modelMismatch(storeHash:modelHash:differences:)``,
    ///   ``StoreFailure/corrupt(path:reason:)``, ``StoreFailure/io(path:reason:)``.
    init(model: ManagedObjectModel, fileURL: URL?, options: PersistentStoreOptions) throws {
        self.model = model
        url = fileURL
        type = fileURL == nil ? .inMemory : .binary
        externalStorageThreshold = options.externalStorageThreshold
        recordsPersistentHistory = options.recordsPersistentHistory
        let initial: GraphSnapshot
        if let fileURL {
            let blobs = fileURL.deletingPathExtension().appendingPathExtension("blobs")
            blobDirectory = blobs
            blobStore = try BlobStore(directory: blobs)
            if FileManager.default.fileExists(atPath: fileURL.path) {
                initial = try GraphSnapshotMigrator.migrateIfNeeded(
                    try BinaryStoreFile.read(fileURL), at: fileURL, to: model,
                    write: BinaryStoreFile.write)
            } else {
                initial = GraphSnapshot(metadata: StoreMetadata(newStoreFor: model))
                try BinaryStoreFile.write(initial, to: fileURL)
            }
        } else {
            blobDirectory = nil
            blobStore = nil
            initial = GraphSnapshot(metadata: StoreMetadata(newStoreFor: model))
        }
        identifier = initial.metadata.storeIdentifier
        modelVersionHash = initial.metadata.modelVersionHash
        snapshot = Mutex(initial)
    }

    /// The current snapshot (a value: later saves do not change it).
    var currentSnapshot: GraphSnapshot { snapshot.withLock { $0 } }

    // MARK: Reading

    func fetch(_ request: StoreFetch, _ visit: (inout StoreRow) throws -> Void) throws {
        for var row in try rows(request) { try visit(&row) }
    }

    func rows(_ request: StoreFetch) throws -> [StoreRow] {
        let graph = currentSnapshot
        let names = Set(request.entityNames)
        let root = request.entity.rootName
        var keys = (graph.tables[root]?.records ?? [:]).filter { names.contains($0.value.entityName) }.map(\.key)
            .sorted()
        if let predicate = request.predicate {
            keys = try keys.filter { key in
                try predicate.evaluate(with: RecordSubject(graph: graph, model: model, root: root, key: key))
            }
        }
        if let search = request.fullTextSearch {
            let attributes = try search.searchedAttributes(of: request.entity)
            keys = keys.filter { key in
                search.matches(RecordSubject(graph: graph, model: model, root: root, key: key), attributes: attributes)
            }
        }
        if !request.sortOrderings.isEmpty {
            keys = SortOrdering.sorted(keys, by: request.sortOrderings) { key in
                RecordSubject(graph: graph, model: model, root: root, key: key)
            }
        }
        let rows = keys.compactMap { row(in: graph, root: root, key: $0) }
        let start = min(request.offset, rows.count)
        let end = request.limit.map { min(rows.count, start + $0) } ?? rows.count
        return Array(rows[start..<end])
    }

    func count(_ request: StoreFetch) throws -> Int { try rows(request).count }

    func row(for id: ObjectID) throws -> StoreRow? {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName) else { return nil }
        return row(in: currentSnapshot, root: entity.rootName, key: key)
    }

    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID] {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName) else { return [] }
        let graph = currentSnapshot
        let members = Self.destinations(in: graph, model: model, entity: entity, key: key, relationship: relationship)
        guard let order = model.orderName(of: relationship, in: entity), let positions = graph.orders?[order]?[key]
        else {
            return members
        }
        return Self.ordered(members, by: positions)
    }

    static func destinations(
        in graph: GraphSnapshot, model: ManagedObjectModel, entity: EntityDescription,
        key: Int64, relationship: RelationshipDescription
    ) -> [ObjectID] {
        guard let destination = model.entity(named: relationship.destination) else { return [] }
        let root = destination.rootName
        switch model.storage(of: relationship, in: entity) {
        case .foreignKey:
            return []
        case .inverseForeignKey(let inverse):
            let records = graph.tables[root]?.records ?? [:]
            return records.compactMap { candidate, record in
                guard let index = model.entity(named: record.entityName)?.relationshipIndexes[inverse],
                    index < record.toOne.count, record.toOne[index] == key
                else { return nil }
                return graph.objectID(root: root, key: candidate)
            }.sorted { ($0.primaryKey ?? 0) < ($1.primaryKey ?? 0) }
        case .joinTable(let name, let isOwner):
            let pairs = graph.joins[name] ?? []
            let keys =
                isOwner
                ? pairs.filter { $0.source == key }.map(\.destination)
                : pairs.filter { $0.destination == key }.map(\.source)
            return keys.sorted().compactMap { graph.objectID(root: root, key: $0) }
        }
    }

    func row(in graph: GraphSnapshot, root: String, key: Int64) -> StoreRow? {
        guard let record = graph.tables[root]?.records[key], let entity = model.entity(named: record.entityName) else {
            return nil
        }
        let toOne: [ObjectID?] = entity.allRelationships.enumerated().map { index, relationship in
            guard !relationship.isToMany, index < record.toOne.count, let target = record.toOne[index],
                let destination = model.entity(named: relationship.destination)
            else { return nil }
            return graph.objectID(root: destination.rootName, key: target)
        }
        return StoreRow(
            entity: entity,
            objectID: .permanent(entityName: record.entityName, storeIdentifier: identifier, primaryKey: key),
            version: record.version, attributes: record.attributes, toOne: toOne)
    }

    // MARK: Writing

    func save(_ changes: StoreChanges) throws -> [Int64] {
        try snapshot.withLock { snapshot in
            var graph = snapshot
            try changes.commitStagedBlobs(to: blobStore)
            let writer = GraphSnapshotWriter(model: model)
            let (insertedKeys, releasedBlobs) = try writer.apply(changes, to: &graph)
            if !changes.orderedMemberships.isEmpty {
                Self.writePositions(of: changes, insertedKeys: insertedKeys, model: model, in: &graph)
            }
            if recordsPersistentHistory {
                Self.recordHistory(of: changes, insertedKeys: insertedKeys, before: snapshot, model: model, in: &graph)
            }
            if let url { try BinaryStoreFile.write(graph, to: url) }
            snapshot = graph
            if let blobStore {
                let referenced = graph.referencedBlobHashes()
                for hash in releasedBlobs where !referenced.contains(hash) { try? blobStore.remove(sha256: hash) }
            }
            return insertedKeys
        }
    }

    func referencedBlobHashes() throws -> Set<String> { currentSnapshot.referencedBlobHashes() }
}
