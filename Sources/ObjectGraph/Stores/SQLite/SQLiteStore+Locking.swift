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
        let notice = lockWaitNotice.flatMap { $0.afterMilliseconds < busyTimeoutMilliseconds ? $0 : nil }
        if let notice { sqlite3_busy_timeout(connection.handle, notice.afterMilliseconds) }
        defer { if lockWaitNotice != nil { sqlite3_busy_timeout(connection.handle, Int32(busyTimeoutMilliseconds)) } }
        let timeout = Duration.milliseconds(busyTimeoutMilliseconds)
        let path = url?.path ?? "?", timeoutMilliseconds = busyTimeoutMilliseconds
        do {
            try Self.retryingWhileBusy(upTo: timeout, onFirstBusy: notice.map { notice in { waited in
                notice.handler(path, timeoutMilliseconds)
                sqlite3_busy_timeout(connection.handle, Int32(max(0, Self.milliseconds(timeout - waited))))
            } }) {
                try connection.execute("BEGIN IMMEDIATE")
            }
        } catch let error as SQLiteError where error.failure == .busy {
            throw ConcurrencyError.storeBusy(path: path, waitedMilliseconds: Self.milliseconds(ContinuousClock.now - start))
        }
        do {
            let result = try body()
            let commits = commitCounter == nil ? nil : try Self.countCommit(connection)
            try connection.execute("COMMIT")
            if let commits { commitCounter?.record(store: identifier, commits: commits) }
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
        } catch let error as SQLiteError where error.failure == .busy {
            notice.handler(path, timeoutMilliseconds)
            sqlite3_busy_timeout(connection.handle, Int32(timeoutMilliseconds) - notice.afterMilliseconds)
            return try body()
        }
    }

    /// Runs `body` again while it fails because the store is busy (a lock SQLite's own busy
    /// handler gave up on, or a switch SQLite refuses at once while another connection holds
    /// the database), pausing 1 ms doubling to 64 ms between tries, for up to `timeout` in
    /// all: the one busy policy of the store's writes. `onFirstBusy`, when given, is told of
    /// the first busy failure (with the time waited so far) and that try is repeated at once.
    /// - Throws: the last busy ``SQLiteError`` once `timeout` has passed; any other error at once.
    static func retryingWhileBusy<T>(upTo timeout: Duration, onFirstBusy: ((Duration) -> Void)? = nil,
                                     _ body: () throws -> T) throws -> T {
        let start = ContinuousClock.now
        var pause = Duration.milliseconds(1)
        var firstBusy = onFirstBusy
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.failure == .busy {
                let waited = ContinuousClock.now - start
                if let told = firstBusy {
                    firstBusy = nil
                    told(waited)
                    continue
                }
                guard waited < timeout else { throw error }
                Thread.sleep(forTimeInterval: Double(milliseconds(pause)) / 1000)
                pause = min(pause * 2, .milliseconds(64))
            }
        }
    }

    /// `duration` in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
