import Foundation

/// What the blob directory holds beyond what the store refers to.
public struct BlobGarbage: Sendable, Hashable {
    /// Hashes of committed blobs no row refers to, sorted.
    public var unreferencedBlobs: [String]
    /// Temporary files in the staging folder older than the age asked for, as `.staging/<name>`.
    public var staleTemporaryFiles: [String]
}

extension PersistentStoreCoordinator {
    /// The store's own consistency check (SQLite's `PRAGMA integrity_check`): the problems it
    /// reports, or an empty array when the database is sound (always empty for other store types).
    /// - Throws: ``SQLiteError`` when the check cannot run, ``ObjectGraphError/noPersistentStore``.
    public func integrityProblems() throws -> [String] {
        guard let store = try store() as? SQLiteStore else { return [] }
        return try store.integrityProblems()
    }

    /// The blob files nothing refers to, read while holding the store's write lock so no
    /// save in progress is mistaken for garbage. With `remove`, they are deleted in the same
    /// lock and the returned value lists what was removed.
    /// - Throws: ``SQLiteError`` (busy among them), ``BlobStoreError``, ``ObjectGraphError/noPersistentStore``.
    public func blobGarbage(temporaryFilesOlderThan age: TimeInterval = 3600, remove: Bool = false) throws -> BlobGarbage {
        guard let store = try store() as? SQLiteStore, let blobStore = store.blobStore else {
            return BlobGarbage(unreferencedBlobs: [], staleTemporaryFiles: [])
        }
        return try store.withConnection { connection in
            try connection.transaction {
                let referenced = try store.referencedBlobHashes(connection: connection)
                if remove {
                    let removed = try blobStore.sweep(keeping: referenced, temporaryFilesOlderThan: age)
                    return BlobGarbage(unreferencedBlobs: removed.filter { !$0.hasPrefix(".") },
                                       staleTemporaryFiles: removed.filter { $0.hasPrefix(".") })
                }
                let unreferenced = try blobStore.allHashes().subtracting(referenced).sorted()
                return BlobGarbage(unreferencedBlobs: unreferenced,
                                   staleTemporaryFiles: try blobStore.staleTemporaryFiles(olderThan: age))
            }
        }
    }
}
