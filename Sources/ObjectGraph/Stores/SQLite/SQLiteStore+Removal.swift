internal import CSQLite
import Foundation

/// Thrown by `SQLiteStore.init` when its database file was removed from the folder while it
/// opened; the coordinator then opens the store again.
struct SQLiteStoreMoved: Error {}

extension SQLiteStore {
    /// Removes the store when this value created it and it is still unused: no row in any
    /// table, no committed blob, and no other connection open on it. Returns whether it did.
    ///
    /// The check and the removal run under an exclusive lock of the database file, which no
    /// other connection can hold beside (one that has read the file keeps a shared lock until
    /// it closes), and which makes a connection that opened the file meanwhile wait; such a
    /// connection then finds its file gone from the folder and opens afresh (see ``SQLiteStoreMoved``).
    /// The log is checkpointed away first, so only the database file itself is unlinked.
    /// Use the store no more afterwards.
    /// - Throws: ``SQLiteError``, ``BlobStoreError``.
    func removeIfUnused() throws -> Bool {
        guard createdSchema, !isReadOnly, let url else { return false }
        return try withConnection { connection in
            guard try blobStore?.allHashes().isEmpty ?? true else { return false }
            sqlite3_busy_timeout(connection.handle, 0)
            try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
            func keep() -> Bool {
                try? connection.execute("ROLLBACK")
                try? connection.execute("PRAGMA locking_mode = NORMAL")
                sqlite3_busy_timeout(connection.handle, Int32(busyTimeoutMilliseconds))
                return false
            }
            do {
                try connection.execute("BEGIN EXCLUSIVE")
            } catch {
                // Someone else has the store open: it is theirs as much as ours.
                return keep()
            }
            for (table, _, _) in schema.expectedObjects
            where try connection.scalar("SELECT EXISTS (SELECT 1 FROM \(quote(table)))") == 1 {
                return keep()
            }
            try connection.execute("COMMIT")
            // Still holding the exclusive lock: leave WAL mode, which checkpoints and deletes the log.
            try connection.execute("PRAGMA journal_mode = DELETE")
            // (In exclusive mode SQLite keeps the rollback journal file until it closes.)
            for suffix in ["-wal", "-shm", "-journal", ""] { unlink(url.path + suffix) }
            if let blobs = blobDirectory {
                rmdir(blobs.appending(component: BlobStore.stagingFolderName, directoryHint: .isDirectory).path)
                rmdir(blobs.path)
            }
            return true
        }
    }
}
