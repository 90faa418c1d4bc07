internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Runs `body` in a `BEGIN IMMEDIATE` transaction, waiting for other writers instead of
    /// failing: SQLite's busy handler waits first, and a `BEGIN` that still reports the store
    /// busy is retried with a growing pause (1 ms doubling to 64 ms) until the busy timeout has
    /// passed. Committed when `body` returns, rolled back when it throws.
    /// - Throws: ``StoreError/readOnly(path:)`` for a store opened read-only;
    ///   ``ConcurrencyError/storeBusy(path:waitedMilliseconds:)`` after the timeout;
    ///   whatever `body` throws; ``SQLiteError``.
    ///
    /// With a ``lockWaitNotice``, the first `BEGIN` waits only the notice's delay; when it is
    /// still busy the notice is told once and the wait goes on for the rest of the timeout.
    func writeTransaction<T>(_ connection: SQLiteConnection, _ body: () throws -> T) throws -> T {
        if isReadOnly { throw StoreError.readOnly(path: url?.path ?? "?") }
        let start = ContinuousClock.now
        var pause = Duration.milliseconds(1)
        var notice = lockWaitNotice.flatMap { $0.afterMilliseconds < busyTimeoutMilliseconds ? $0 : nil }
        if let notice { sqlite3_busy_timeout(connection.handle, notice.afterMilliseconds) }
        defer { if lockWaitNotice != nil { sqlite3_busy_timeout(connection.handle, Int32(busyTimeoutMilliseconds)) } }
        while true {
            do {
                try connection.execute("BEGIN IMMEDIATE")
                break
            } catch let error as SQLiteError where error.resultCode == SQLITE_BUSY || error.resultCode == SQLITE_LOCKED {
                let waited = ContinuousClock.now - start
                if let told = notice {
                    notice = nil
                    told.handler(url?.path ?? "?", busyTimeoutMilliseconds)
                    let left = Duration.milliseconds(busyTimeoutMilliseconds) - waited
                    sqlite3_busy_timeout(connection.handle, Int32(max(0, left.components.seconds * 1000
                        + left.components.attoseconds / 1_000_000_000_000_000)))
                    continue
                }
                guard waited < .milliseconds(busyTimeoutMilliseconds) else {
                    throw ConcurrencyError.storeBusy(path: url?.path ?? "?",
                                                     waitedMilliseconds: Int(waited.components.seconds * 1000
                                                         + waited.components.attoseconds / 1_000_000_000_000_000))
                }
                Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18)
                pause = min(pause * 2, .milliseconds(64))
            }
        }
        do {
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body`, which begins a write transaction, so that a wait for another writer's lock
    /// is announced as saves announce it: with a `notice`, the first try waits only the notice's
    /// delay; when the store is still busy the notice is told once and `body` runs again with
    /// the busy timeout. Opening a store reads its metadata under the write lock, and that wait
    /// was silent.
    static func announcingLockWait<T>(_ connection: SQLiteConnection, notice: LockWaitNotice?, path: String,
                                      timeoutMilliseconds: Int, _ body: () throws -> T) throws -> T {
        guard let notice, notice.afterMilliseconds < timeoutMilliseconds else { return try body() }
        sqlite3_busy_timeout(connection.handle, notice.afterMilliseconds)
        defer { sqlite3_busy_timeout(connection.handle, Int32(timeoutMilliseconds)) }
        do {
            return try body()
        } catch let error as SQLiteError where error.resultCode == SQLITE_BUSY || error.resultCode == SQLITE_LOCKED {
            notice.handler(path, timeoutMilliseconds)
            sqlite3_busy_timeout(connection.handle, Int32(timeoutMilliseconds) - notice.afterMilliseconds)
            return try body()
        }
    }
}
