internal import CDeferredLibraries
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What keeps other processes away from a store while it is converted, and tells a later
/// command whether a conversion folder is still being worked on.
///
/// - No other process may have the database open when the conversion starts, nor just before
///   the switch: every SQLite connection to a WAL database holds a shared lock on the `-shm`
///   file's "DMS" byte (128) while it is open, so an open-file-description lock test there
///   finds any other diary (or sqlite3) process.
/// - Nothing may have written meanwhile: the database's and the WAL's inode, size and
///   modification time are compared just before the switch (a process that opened, wrote and
///   closed during the copy is found so: a commit writes the WAL). The copy's own read-only
///   connection changes none of them, except when it finds a WAL left full by a crashed process
///   and checkpoints it on closing: the conversion then refuses as busy once, and a second try
///   finds the WAL empty.
/// - Both folders (the store's and the conversion folder) are `flock`ed, so a later command
///   removes a leftover conversion folder only when no conversion holds it.
///
/// (SQLite's own write lock cannot be held from outside: a connection of this process that has
/// to recover the WAL index takes it, and SQLite would fail with SQLITE_PROTOCOL.)
final class ConversionGuard {
    /// SQLite's "dead man switch" byte, shared-locked by every open connection.
    static let openConnectionsByte: Int64 = 128

    private let sharedMemory: Int32
    private var folders: [Int32] = []
    private let store: URL

    /// Takes the store in `folder` for a conversion.
    /// - Throws: ``DiaryError/storeBusy(_:)`` when another process has it open or is writing;
    ///   ``DiaryError/io(path:reason:)``.
    init(store folder: URL) throws(DiaryError) {
        store = folder
        let path = folder.appending(component: Diary.databaseName + "-shm").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        sharedMemory = descriptor
        try lockFolder(folder)
        guard try !isOpenElsewhere() else { throw .storeBusy(folder) }
        startingState = Self.state(of: folder, sharedMemory: descriptor)
    }

    /// What the store's files looked like when the conversion started.
    private var startingState: [Int64] = []

    /// Checks, just before the switch, that no other process has the store open and that nothing
    /// changed it since the start.
    /// - Throws: ``DiaryError/storeBusy(_:)``.
    func checkUntouched() throws(DiaryError) {
        if try isOpenElsewhere() || Self.state(of: store, sharedMemory: sharedMemory) != startingState {
            throw .storeBusy(store)
        }
    }

    /// The database's and the WAL's inode, size and modification time (a missing WAL counts as
    /// an empty one: the copy's connection may create it).
    private static func state(of folder: URL, sharedMemory: Int32) -> [Int64] {
        [Diary.databaseName, Diary.databaseName + "-wal"].flatMap { name -> [Int64] in
            var status = stat()
            if lstat(folder.appending(component: name).path, &status) != 0 || status.st_size == 0 { return [0, 0, 0, 0] }
            return [Int64(status.st_ino), Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)]
        }
    }

    deinit {
        close(sharedMemory)
        folders.forEach { close($0) }
    }

    /// Whether a process other than this one has the store's database open now.
    /// - Throws: ``DiaryError/io(path:reason:)``.
    func isOpenElsewhere() throws(DiaryError) -> Bool {
        switch cdl_ofd_lock(sharedMemory, Self.openConnectionsByte, 1, 1, 1) {
        case 0: return false
        case 1: return true
        default: throw .io(path: store.path, reason: String(cString: strerror(errno)))
        }
    }

    /// `flock`s `folder` (exclusively) for as long as this guard lives.
    /// - Throws: ``DiaryError/storeBusy(_:)`` when another conversion holds it.
    func lockFolder(_ folder: URL) throws(DiaryError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: folder.path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .storeBusy(store)
        }
        folders.append(descriptor)
    }

    /// Whether some process (a conversion) holds `folder` locked; false for a missing folder.
    static func isLocked(_ folder: URL) -> Bool {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }
}
