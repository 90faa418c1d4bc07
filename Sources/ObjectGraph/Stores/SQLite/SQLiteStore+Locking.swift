internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Runs `body` in a `BEGIN IMMEDIATE` transaction, waiting for other writers instead of
    /// failing, by the store's one busy policy (``announcingLockWait(_:notice:path:timeoutMilliseconds:_:)``,
    /// with the ``lockWaitNotice``). Committed when `body` returns, rolled back when it throws.
    /// - Throws: ``StoreFailure/readOnly(path:)`` for a store opened read-only;
    ///   ``StoreFailure/busy(path:waitedMilliseconds:)`` after the timeout;
    ///   whatever `body` throws; ``SQLiteError``.
    func writeTransaction<T>(_ connection: SQLiteConnection, _ body: () throws -> T) throws -> T {
        let path = url?.path ?? "?"
        if isReadOnly { throw StoreFailure.readOnly(path: path) }
        let start = ContinuousClock.now
        do {
            try Self.announcingLockWait(
                connection, notice: lockWaitNotice, path: path,
                timeoutMilliseconds: busyTimeoutMilliseconds
            ) {
                try connection.execute("BEGIN IMMEDIATE")
            }
        } catch let error as SQLiteError {
            let waited = Self.milliseconds(ContinuousClock.now - start)
            guard let failure = error.storeFailure(path: path, waitedMilliseconds: waited) else { throw error }
            throw failure
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

    /// Runs `body`, which begins a write transaction, waiting for another writer's lock by the
    /// store's one busy policy: SQLite's busy handler waits first, and a `body` that still reports
    /// the store busy runs again (``retryingWhileBusy(upTo:while:onFirstBusy:_:)``) until
    /// `timeoutMilliseconds` have passed. With a `notice`, the first try waits only the notice's
    /// delay; when the store is still busy the notice is told once and the wait goes on for the
    /// rest of the timeout. Saves and the opening of a store (which reads its metadata under the
    /// write lock) wait alike.
    /// - Throws: the last busy ``SQLiteError`` once the timeout has passed; whatever `body` throws.
    static func announcingLockWait<T>(
        _ connection: SQLiteConnection, notice: LockWaitNotice?, path: String,
        timeoutMilliseconds: Int, _ body: () throws -> T
    ) throws -> T {
        let timeout = Duration.milliseconds(timeoutMilliseconds)
        let notice = notice.flatMap { $0.afterMilliseconds < timeoutMilliseconds ? $0 : nil }
        if let notice { sqlite3_busy_timeout(connection.handle, notice.afterMilliseconds) }
        defer { if notice != nil { sqlite3_busy_timeout(connection.handle, Int32(timeoutMilliseconds)) } }
        return try retryingWhileBusy(
            upTo: timeout,
            onFirstBusy: notice.map { notice in
                { waited in
                    notice.handler(path, timeoutMilliseconds)
                    sqlite3_busy_timeout(connection.handle, Int32(max(0, milliseconds(timeout - waited))))
                }
            }, body)
    }

    /// Runs `body` again while it fails because the store is busy (`isBusy`, by default a lock
    /// SQLite's own busy handler gave up on, or a switch SQLite refuses at once while another
    /// connection holds the database), pausing 1 ms doubling to 64 ms between tries, for up to
    /// `timeout` in all: the one busy policy of the store. `onFirstBusy`, when given, is told of
    /// the first busy failure (with the time waited so far) and that try is repeated at once.
    /// - Throws: the last busy error once `timeout` has passed; any other error at once.
    static func retryingWhileBusy<T>(
        upTo timeout: Duration, while isBusy: (any Error) -> Bool = SQLiteError.isBusy,
        onFirstBusy: ((Duration) -> Void)? = nil, _ body: () throws -> T
    ) throws -> T {
        let start = ContinuousClock.now
        var pause = Duration.milliseconds(1)
        var firstBusy = onFirstBusy
        while true {
            do {
                return try body()
            } catch  where isBusy(error) {
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
