internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Opens the SQLite store at `url`, again when the file was removed while it opened (a new
    /// store its creator removed unused, see ``PersistentStoreCoordinator/removeStoreIfUnused()``),
    /// up to five times; read-only, also while SQLite finds the log files in the middle of a
    /// writer's change (for up to ``logFilesSettleTimeout``, through ``retryingWhileBusy(upTo:while:onFirstBusy:_:)``).
    /// - Throws: what ``init(model:url:options:)`` throws, SQLite's failures of a family as
    ///   ``StoreFailure`` (``StoreFailure/busy(path:waitedMilliseconds:)`` for log files that did
    ///   not settle; ``StoreFailure/io(path:reason:)`` for a file replaced at each try).
    static func open(model: ManagedObjectModel, url: URL, options: PersistentStoreOptions) throws -> SQLiteStore {
        try namingFailures(of: url.path, busyTimeoutMilliseconds: Int(options.busyTimeoutMilliseconds)) {
            for _ in 1...5 {
                do {
                    return try openWaitingForLogFiles(model: model, url: url, options: options)
                } catch is SQLiteStoreMoved {
                    continue
                } catch SQLiteResultCode.readOnlyDatabaseMoved {
                    continue
                }
            }
            throw StoreFailure.io(
                path: url.path, reason: "the database was removed or replaced each time it was opened")
        }
    }

    /// How long a reader that may not make the log files waits for them to settle.
    static let logFilesSettleTimeout = Duration.milliseconds(40)

    /// Opens the store; read-only, a reader that may not make the log files and met them coming or
    /// going with a writer of the store's owner looks again in a moment.
    private static func openWaitingForLogFiles(
        model: ManagedObjectModel, url: URL,
        options: PersistentStoreOptions
    ) throws -> SQLiteStore {
        guard options.isReadOnly else { return try SQLiteStore(model: model, url: url, options: options) }
        let start = ContinuousClock.now
        do {
            return try retryingWhileBusy(upTo: logFilesSettleTimeout, while: isUnsettledLogFile) {
                try SQLiteStore(model: model, url: url, options: options)
            }
        } catch let error where isUnsettledLogFile(error) {
            throw StoreFailure.busy(path: url.path, waitedMilliseconds: milliseconds(ContinuousClock.now - start))
        }
    }

    /// Whether `error` is what a read-only opening meets while a writer makes or removes the log
    /// files: the database read-only (but not moved, which opens afresh) or a file that cannot be opened.
    private static func isUnsettledLogFile(_ error: any Error) -> Bool {
        switch error {
        case SQLiteResultCode.readOnlyDatabaseMoved: false
        case SQLiteResultCode.readOnly, SQLiteResultCode.cannotOpen: true
        default: false
        }
    }
}
