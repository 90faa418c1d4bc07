import Foundation

extension SQLiteError {
    /// The result code, to match against ``SQLiteResultCode``'s families.
    var code: SQLiteResultCode { SQLiteResultCode(rawValue: extendedResultCode) }

    /// The ``StoreFailure`` this error is, about the database at `path` (a busy one after
    /// `waitedMilliseconds`), matched on its family so that every extended code counts with its
    /// primary one; nil for a failure of no family (a constraint, a misuse), which stays an
    /// ``SQLiteError``.
    func storeFailure(path: String, waitedMilliseconds: Int) -> StoreFailure? {
        switch code {
        case .busy, .locked: .busy(path: path, waitedMilliseconds: waitedMilliseconds)
        case .readOnly: .readOnly(path: path)
        case .corrupt, .notADatabase: .corrupt(path: path, reason: message)
        case .ioError, .full, .cannotOpen: .io(path: path, reason: message)
        default: nil
        }
    }

    /// Whether `error` is SQLite reporting a lock it could not take (``SQLiteResultCode/busy``,
    /// ``SQLiteResultCode/locked`` and their extended codes): what
    /// ``SQLiteStore/retryingWhileBusy(upTo:while:onFirstBusy:_:)`` waits out by default.
    static func isBusy(_ error: any Error) -> Bool {
        switch error {
        case SQLiteResultCode.busy, SQLiteResultCode.locked: true
        default: false
        }
    }
}

extension SQLiteStore {
    /// Runs `body`, turning an ``SQLiteError`` of a family ``StoreFailure`` names into that
    /// failure about the database at `path` (a busy one after `busyTimeoutMilliseconds`, what
    /// SQLite's busy handler waited): what the store's entry points throw, so no caller above
    /// the SQLite layer sees SQLite's codes. Other errors pass unchanged.
    static func namingFailures<T>(
        of path: String, busyTimeoutMilliseconds: Int,
        _ body: () throws -> T
    ) rethrows -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            guard let failure = error.storeFailure(path: path, waitedMilliseconds: busyTimeoutMilliseconds) else {
                throw error
            }
            throw failure
        }
    }
}
