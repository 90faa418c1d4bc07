internal import CSQLite
import Foundation

/// How a writing store keeps its write-ahead log between processes.
///
/// SQLite checkpoints the log into the database and deletes it when the last connection
/// closes: after a one-entry save that is three more syncs (the log, the database, the folder
/// for the unlink) on top of the commit's own, most of a short command's time on a real disk.
/// A writing store leaves the log (and its shared-memory index) in place instead; a commit in
/// WAL mode with `synchronous = FULL` is on disk when it returns, so durability is unchanged,
/// and the next process reads the log's committed pages as SQLite always does.
///
/// The log is kept short: every process that opens the store reads it back into the index
/// first (~2 ms per MiB here), and the index SQLite rebuilds does not know which of its pages a
/// closed writer had already copied into the database, so SQLite's own automatic checkpoint
/// would copy the whole log again on every later commit. So a writing store that closes with a
/// log longer than ``SQLiteStore/logSizeLimit`` checkpoints and truncates it then (one short-lived
/// writer in a dozen or so pays the syncs that each paid before). An empty log is removed on close as
/// SQLite always did, and a store that fails to open changes neither file.
extension SQLiteStore {
    /// A log longer than this is checkpointed and truncated when its writing store closes, and
    /// a log that starts over after a checkpoint is cut back to it.
    static let logSizeLimit: Int64 = 256 * 1024
}

/// What a connection does with the write-ahead log when it closes.
enum WriteAheadLogClosing {
    /// SQLite's default: the last connection checkpoints the log and deletes it.
    case sqliteDefault
    /// The log stays (an empty one is deleted as by default).
    case kept
    /// The log stays, and one longer than ``SQLiteStore/logSizeLimit`` is checkpointed and
    /// truncated first (a store that opened: a failed opening must not change the database).
    case keptAndTrimmed
}

extension SQLiteConnection {
    /// Makes this writing connection leave the log when it closes, and limits the log's size.
    /// Should SQLite refuse, closing checkpoints as before (slower, never less durable).
    /// - Throws: ``SQLiteError`` when the pragma fails.
    func keepWriteAheadLog() throws {
        try execute("PRAGMA journal_size_limit = \(SQLiteStore.logSizeLimit)")
        if csqlite_keep_log_on_close(handle, 1) == 1 { logClosing = .kept }
    }

    /// Called as the connection closes (see ``WriteAheadLogClosing``). Never waits for a lock:
    /// with another connection open, a long log waits for a later writer; a failure changes nothing.
    func closeWriteAheadLog() {
        guard logClosing != .sqliteDefault, let database = sqlite3_db_filename(handle, "main"),
            let log = sqlite3_filename_wal(database)
        else { return }
        func size() -> Int64? {
            var info = stat()
            return stat(log, &info) == 0 ? Int64(info.st_size) : nil
        }
        guard var length = size() else { return }
        if logClosing == .keptAndTrimmed, length > SQLiteStore.logSizeLimit {
            sqlite3_busy_timeout(handle, 0)
            try? execute("PRAGMA wal_checkpoint(TRUNCATE)")
            length = size() ?? 0
        }
        if length == 0 { _ = csqlite_keep_log_on_close(handle, 0) }
    }
}
