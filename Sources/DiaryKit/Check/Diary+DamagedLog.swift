import Foundation
import ObjectGraph

extension Diary {
    /// What `check --repair` did with a damaged write-ahead log.
    package typealias KeptLog = PersistentStoreCoordinator.DamagedLog

    /// Whether `name` is a damaged write-ahead log kept aside by ``setAsideDamagedLog(directory:key:)``
    /// (`Diary.sqlite-wal.damaged-<UTC time>`).
    static func isKeptDamagedLog(_ name: String) -> Bool {
        name.hasPrefix(databaseName + "-wal.damaged-")
    }

    /// Keeps the diary's damaged write-ahead log aside, untouched, beside the database, and
    /// leaves the log up to its last whole commit in its place, so the diary opens as of that
    /// commit (what opening refuses with ``DiaryError/corruptStore(_:detail:)`` until then).
    /// Nil when the log is sound. Run it before the diary is opened.
    /// - Throws: ``DiaryError/encryption(_:)`` for a wrong key, ``DiaryError/io(path:reason:)``.
    package static func setAsideDamagedLog(directory: URL, key: DiaryKey?) throws(DiaryError) -> KeptLog? {
        let database = directory.standardizedFileURL.appending(component: databaseName, directoryHint: .notDirectory)
        return try DiaryError.wrapping(database) {
            try PersistentStoreCoordinator.setAsideDamagedLog(ofDatabaseAt: database, key: key?.dataKey)
        }
    }

    /// The damaged logs kept aside in the store folder, sorted.
    func keptDamagedLogs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter(Self.isKeptDamagedLog).sorted()
    }

    /// Accepts the encrypted diary's database as it is although it is older than the one this
    /// machine last wrote (a backup put back on purpose), or its commit counter fails
    /// authentication: forgets the counter. The database's commits and the counter's (nil for
    /// a counter that failed) when there was something to accept. Run it before the diary is opened.
    /// - Throws: ``DiaryError`` when the database cannot be read.
    package static func acceptOlderDatabase(directory: URL, key: DiaryKey) throws(DiaryError) -> (database: Int, recorded: Int?)? {
        let database = directory.standardizedFileURL.appending(component: databaseName, directoryHint: .notDirectory)
        return try DiaryError.wrapping(database) {
            try PersistentStoreCoordinator.acceptOlderDatabase(at: database, key: key.dataKey)
        }
    }
}
