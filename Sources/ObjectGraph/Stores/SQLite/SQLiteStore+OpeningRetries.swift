#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Opens the SQLite store at `url`, again when the file was removed while it opened (a new
    /// store its creator removed unused, see ``PersistentStoreCoordinator/removeStoreIfUnused()``), and, read-only, when
    /// SQLite found the log files in the middle of a writer's change (up to five times, 10 ms apart).
    static func open(model: ManagedObjectModel, url: URL, options: PersistentStoreOptions) throws -> SQLiteStore {
        for attempt in 1...5 {
            do {
                return try SQLiteStore(model: model, url: url, options: options)
            } catch is SQLiteStoreMoved {
                continue
            } catch let error as SQLiteError where error.extendedResultCode == SQLiteError.readOnlyDatabaseMoved {
                continue
            } catch let error as SQLiteError where options.isReadOnly && [SQLITE_READONLY, SQLITE_CANTOPEN].contains(error.resultCode) {
                // A reader that may not make the log files met them coming or going with a
                // writer of the store's owner: look again in a moment.
                guard attempt < 5 else {
                    throw ConcurrencyError.storeBusy(path: url.path, waitedMilliseconds: 10 * (attempt - 1))
                }
                usleep(10_000)
            }
        }
        throw StoreError.io(path: url.path, reason: "the database was removed or replaced each time it was opened")
    }
}
