import Foundation

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
    /// The members, in order, of ordered to-many relationships that changed (any storage).
    var orderedMemberships: [JoinMembership] = []
    /// Per updated row, the keys the save changed (for the persistent history).
    var updatedKeys: [Set<String>] = []
    /// The saving context's transaction author and name (for the persistent history).
    var author: String?
    var contextName: String?
}

extension StoreChanges {
    /// Turns a referenced object's ID into its primary key, once the inserted rows have `insertedKeys`.
    /// The table of temporary IDs is only built when some row refers to other objects.
    func keyResolver(insertedKeys: [Int64]) -> (ObjectID?) -> Int64? {
        var refersToObjects = !joinMemberships.isEmpty || !orderedMemberships.isEmpty
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
    /// - Throws: ``BlobStoreError``; ``StoreFailure/io(path:reason:)`` when the store keeps no blobs.
    func commitStagedBlobs(to blobStore: BlobStore?) throws {
        var seen = Set<URL>()
        var staged: [StagedBlob] = []
        for rows in [inserted, updated] {
            for index in rows.indices {
                for value in rows[index].attributes {
                    guard case .staged(let pending) = value, seen.insert(pending.staged.temporaryURL).inserted else {
                        continue
                    }
                    guard blobStore != nil else {
                        throw StoreFailure.io(
                            path: pending.staged.temporaryURL.path, reason: "this store keeps no blob files")
                    }
                    staged.append(pending.staged)
                }
            }
        }
        // All at once: each shard directory, and the blob directory, synced once.
        if let blobStore, !staged.isEmpty { _ = try blobStore.commit(staged) }
        try checkCommittedBlobs(in: blobStore)
    }

    /// Checks that every committed blob a new row, or a changed value of an updated one, refers to
    /// is there (undo puts such references back): a row never points at a missing file unnoticed.
    /// - Throws: ``BlobStoreError/missingBlob(sha256:)``.
    private func checkCommittedBlobs(in blobStore: BlobStore?) throws {
        guard let blobStore else { return }
        func check(_ row: StoreRow, keys: Set<String>?) throws {
            for (index, value) in row.attributes.enumerated() {
                guard case .blob(let reference) = value else { continue }
                if let keys, index < row.entity.attributeNames.count, !keys.contains(row.entity.attributeNames[index]) {
                    continue
                }
                guard FileManager.default.fileExists(atPath: blobStore.url(for: reference).path) else {
                    throw BlobStoreError.missingBlob(sha256: reference.sha256)
                }
            }
        }
        for row in inserted { try check(row, keys: nil) }
        for (index, row) in updated.enumerated() {
            try check(row, keys: index < updatedKeys.count ? updatedKeys[index] : [])
        }
    }
}
