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
    static func setAsideDamagedLog(directory: URL, key: DiaryKey?) throws(DiaryError) -> KeptLog? {
        let database = directory.standardizedFileURL.appending(component: databaseName, directoryHint: .notDirectory)
        return try DiaryError.wrapping(database) {
            try PersistentStoreCoordinator.setAsideDamagedLog(ofDatabaseAt: database, key: key?.dataKey)
        }
    }

    /// The damaged logs kept aside in the store folder, sorted.
    func keptDamagedLogs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter(Self.isKeptDamagedLog)
            .sorted()
    }

    /// What `check --repair` does before the diary can open: the damaged log kept aside, and
    /// then (for an encrypted diary, whose counter would refuse a store holding fewer commits)
    /// the database accepted as it is.
    package struct RepairBeforeOpening: Sendable {
        /// The damaged write-ahead log kept aside; nil when the log was sound.
        package var keptLog: KeptLog?
        /// The commits the database holds, and those its counter recorded (nil for a counter
        /// that failed authentication), when an older database was accepted; nil otherwise.
        package var acceptedDatabase: (commits: Int, recorded: Int?)?
    }

    /// Makes the diary in `directory` openable again after a damaged log or an older database
    /// put back (see ``RepairBeforeOpening``). Run it before the diary is opened.
    /// - Throws: ``DiaryError/encryption(_:)`` for a wrong key, ``DiaryError/io(path:reason:)``,
    ///   other store errors.
    package static func repairBeforeOpening(directory: URL, key: DiaryKey?) throws(DiaryError) -> RepairBeforeOpening {
        let keptLog = try setAsideDamagedLog(directory: directory, key: key)
        guard let key else { return RepairBeforeOpening(keptLog: keptLog) }
        let database = directory.standardizedFileURL.appending(component: databaseName, directoryHint: .notDirectory)
        let accepted = try DiaryError.wrapping(database) {
            try PersistentStoreCoordinator.acceptOlderDatabase(at: database, key: key.dataKey)
        }
        // The keyring's count (kept while unlocked) would refuse the database accepted here.
        _ = KeyCache.forgetCommits(key: key.identifier)
        return RepairBeforeOpening(keptLog: keptLog, acceptedDatabase: accepted.map { ($0.database, $0.recorded) })
    }
}
