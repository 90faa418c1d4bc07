import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What keeps other processes away from a store while it is converted, and tells a later
/// command whether a conversion folder is still being worked on.
///
/// - No other process may have the database open when the conversion starts, nor just before
///   the switch, and nothing may have written meanwhile (both seen by ObjectGraph's
///   `SQLiteDatabaseWatch`). The copy's own read-only connection changes nothing, except when it
///   finds a log left full by a crashed process and checkpoints it on closing: the conversion
///   then refuses as busy once, and a second try finds the log empty.
/// - Both folders (the store's and the conversion folder) are `flock`ed, so a later command
///   removes a leftover conversion folder only when no conversion holds it.
final class ConversionGuard {
    private let watch: SQLiteDatabaseWatch
    private var folders: [Int32] = []
    private let store: URL

    /// Takes the store in `folder` for a conversion.
    /// - Throws: ``DiaryError/storeBusy(_:)`` when another process has it open or is writing;
    ///   ``DiaryError/io(path:reason:)``.
    init(store folder: URL) throws(DiaryError) {
        store = folder
        let database = folder.appending(component: Diary.databaseName)
        watch = try DiaryError.wrapping(database) { try SQLiteDatabaseWatch(databaseAt: database) }
        try lockFolder(folder)
        guard try !isOpenElsewhere() else { throw .storeBusy(folder) }
        startingState = watch.fileState
    }

    /// What the store's files looked like when the conversion started.
    private var startingState: [Int64] = []

    /// Checks, just before the switch, that no other process has the store open and that nothing
    /// changed it since the start.
    /// - Throws: ``DiaryError/storeBusy(_:)``.
    func checkUntouched() throws(DiaryError) {
        if try isOpenElsewhere() || watch.fileState != startingState {
            throw .storeBusy(store)
        }
    }

    deinit {
        folders.forEach { close($0) }
    }

    /// Whether a process other than this one has the store's database open now.
    /// - Throws: ``DiaryError/io(path:reason:)``.
    func isOpenElsewhere() throws(DiaryError) -> Bool {
        try DiaryError.wrapping(store) { try watch.isOpenElsewhere() }
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
