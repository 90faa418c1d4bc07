internal import CDeferredLibraries
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether other processes use an SQLite store's database, seen from outside SQLite: for work
/// that must have the files to itself (converting a store to or from encryption) without
/// holding SQLite's own write lock, which cannot be held from outside (a connection of this
/// process that has to recover the log index takes it, and SQLite then fails).
///
/// - Every SQLite connection to a WAL database holds a shared lock on the `-shm` file's "dead
///   man switch" byte (128) while it is open, so an open-file-description lock test there finds
///   any other process that has the store open.
/// - A process that opened, wrote and closed meanwhile is found by ``fileState`` changing: a
///   commit writes the log.
package final class SQLiteDatabaseWatch {
    /// SQLite's "dead man switch" byte of the `-shm` file, shared-locked by every open connection.
    private static let openConnectionsByte: Int64 = 128

    private let databasePath: String
    private let sharedMemory: Int32

    /// Watches the database at `url` (its `-shm` file is created, 0600, when missing).
    /// - Throws: ``StoreFailure/io(path:reason:)`` when the `-shm` file cannot be opened.
    package init(databaseAt url: URL) throws(StoreFailure) {
        databasePath = url.path
        let path = databasePath + "-shm"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFileModes.file)
        guard descriptor >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        sharedMemory = descriptor
    }

    deinit { close(sharedMemory) }

    /// Whether a process other than this one has the database open now.
    /// - Throws: ``StoreFailure/io(path:reason:)`` when the lock cannot be tested.
    package func isOpenElsewhere() throws(StoreFailure) -> Bool {
        switch cdl_ofd_lock(sharedMemory, Self.openConnectionsByte, 1, 1, 1) {
        case 0: return false
        case 1: return true
        default: throw .io(path: databasePath + "-shm", reason: String(cString: strerror(errno)))
        }
    }

    /// The database's and the log's inode, size and modification time (a missing log counts as
    /// an empty one): equal values mean nothing was written between two looks.
    package var fileState: [Int64] {
        [databasePath, databasePath + "-wal"].flatMap { path -> [Int64] in
            var status = stat()
            if lstat(path, &status) != 0 || status.st_size == 0 { return [0, 0, 0, 0] }
            return [
                Int64(status.st_ino), Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)
            ]
        }
    }
}
