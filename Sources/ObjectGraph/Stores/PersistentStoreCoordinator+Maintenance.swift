import Foundation

/// What the blob directory holds beyond what the store refers to.
public struct BlobGarbage: Sendable, Hashable {
    /// File names (see ``BlobStore/allHashes()``) of committed blobs no row refers to and older than the age asked for,
    /// sorted: safe to remove (or removed).
    public var unreferencedBlobs: [String]
    /// File names of unreferenced blobs younger than that age, sorted. A save in another
    /// process commits its blobs just before its transaction, so these are left alone.
    public var recentUnreferencedBlobs: [String]
    /// Temporary files in the staging folder older than the age, as `.staging/<name>`.
    public var staleTemporaryFiles: [String]
}

extension PersistentStoreCoordinator {
    /// The store's own consistency check (SQLite's `PRAGMA integrity_check`): the problems it
    /// reports, or an empty array when the database is sound (always empty for other store types).
    /// - Throws: ``StoreFailure`` or ``SQLiteError`` when the check cannot run, ``ObjectGraphError/noPersistentStore``.
    public func integrityProblems() throws -> [String] {
        guard let store = try store() as? SQLiteStore else { return [] }
        return try store.integrityProblems()
    }

    /// The blob files nothing refers to, read while holding the store's write lock so no
    /// transaction in progress is mistaken for garbage. Files modified less than `age`
    /// seconds ago are spared, as a save elsewhere may be about to refer to them. With
    /// `remove`, the others are deleted under the same lock and the value lists what was removed.
    /// SQLite and binary stores; the in-memory store has no blob files and reports nothing.
    /// - Throws: ``StoreFailure`` (busy among them), ``SQLiteError``, ``BlobStoreError``,
    /// ``ObjectGraphError/noPersistentStore``,   ``StoreFailure/readOnly(path:)`` when asked to remove from a store
    /// opened read-only.
    public func blobGarbage(olderThan age: TimeInterval = 3600, remove: Bool = false) throws -> BlobGarbage {
        let store = try store()
        guard let blobStore = store.blobStore else {
            return BlobGarbage(unreferencedBlobs: [], recentUnreferencedBlobs: [], staleTemporaryFiles: [])
        }
        func collect(keeping referencedHashes: Set<String>) throws -> BlobGarbage {
            // File names: the hashes themselves in a plain store, keyed hashes in an encrypted one.
            let referenced = Set(referencedHashes.map(blobStore.fileName(forSHA256:)))
            let unreferenced = try blobStore.allHashes().subtracting(referenced)
            let recent = try blobStore.modifiedWithin(age, unreferenced)
            guard remove else {
                return BlobGarbage(
                    unreferencedBlobs: unreferenced.subtracting(recent).sorted(),
                    recentUnreferencedBlobs: recent.sorted(),
                    staleTemporaryFiles: try blobStore.staleTemporaryFiles(olderThan: age))
            }
            let removed = try blobStore.sweep(keepingFileNames: referenced.union(recent), temporaryFilesOlderThan: age)
            return BlobGarbage(
                unreferencedBlobs: removed.filter { !$0.hasPrefix(".") },
                recentUnreferencedBlobs: recent.sorted(),
                staleTemporaryFiles: removed.filter { $0.hasPrefix(".") })
        }
        guard let sqlite = store as? SQLiteStore else { return try collect(keeping: store.referencedBlobHashes()) }
        if sqlite.isReadOnly && remove { throw StoreFailure.readOnly(path: sqlite.url?.path ?? "?") }
        return try sqlite.withConnection { connection in
            // Read-only, no save can run here, and a reading transaction sees one state.
            try connection.transaction(immediate: !sqlite.isReadOnly) {
                try collect(keeping: sqlite.referencedBlobHashes(connection: connection))
            }
        }
    }
}

extension PersistentStoreCoordinator {
    /// Removes the SQLite store when this coordinator created it and it is still unused: no
    /// row, no committed blob, no other connection open on it (its empty blob and staging
    /// folders go too). For a program that created a store on first use and then failed before
    /// saving anything, so that it leaves no new store behind. Returns whether it removed it;
    /// the coordinator must not be used afterwards.
    /// - Throws: ``StoreFailure``, ``SQLiteError``, ``BlobStoreError``, ``ObjectGraphError/noPersistentStore``.
    public func removeStoreIfUnused() throws -> Bool {
        guard let store = try store() as? SQLiteStore else { return false }
        return try store.removeIfUnused()
    }
}
