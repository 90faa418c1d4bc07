import Foundation

extension SQLiteStore {
    /// The metadata key of the number of commits an encrypted database holds (see ``CommitCounter``).
    static let commitCountKey = "commitCount"

    /// The commits the database records (0 for one that never counted).
    /// - Throws: ``SQLiteError``.
    static func commitCount(_ connection: SQLiteConnection) throws -> Int {
        let statement = try connection.statement("SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = ?")
        defer { statement.reset() }
        try statement.bind(commitCountKey, at: 1)
        return try statement.step() ? Int(statement.text(0)) ?? 0 : 0
    }

    /// Counts one more commit, inside the write transaction about to commit; the new count.
    /// - Throws: ``SQLiteError``.
    static func countCommit(_ connection: SQLiteConnection) throws -> Int {
        let commits = try commitCount(connection) + 1
        let update = try connection.statement(
            "INSERT OR REPLACE INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?)")
        defer { update.reset() }
        try update.bind(commitCountKey, at: 1)
        try update.bind(String(commits), at: 2)
        try update.run()
        return commits
    }
}

extension PersistentStoreCoordinator {
    /// Accepts the encrypted database at `url` as it is although it is older than the one this
    /// machine last wrote (a backup put back on purpose): forgets the commit counter beside it,
    /// so the store opens and its next commit records its own count. The counts (the
    /// database's, and the counter's, nil for a counter that failed authentication) when there
    /// was something to accept; nil when there was nothing.
    /// Run it on a store no connection has open.
    /// - Throws: ``StoreEncryptionError``, ``StoreFailure``, ``SQLiteError``, ``StoreError`` when the database cannot
    /// be read.
    package static func acceptOlderDatabase(
        at url: URL, key: StoreEncryptionKey
    ) throws -> (database: Int, recorded: Int?)? {
        let counter = CommitCounter(databasePath: url.path, dataKey: key)
        let reading = counter.read()
        if reading == .unknown { return nil }
        let handle = try SQLiteStore.encryptionKeyHandle(for: url, key: key)
        let commits = try SQLiteStore.namingFailures(of: url.path, busyTimeoutMilliseconds: 5_000) {
            let connection = try SQLiteConnection(
                path: url.path, busyTimeoutMilliseconds: 5_000,
                access: SQLiteStore.readOnlyAccess(to: url), key: handle)
            return try SQLiteStore.commitCount(connection)
        }
        switch reading {
        case .recorded(_, let recorded) where recorded > commits:
            counter.remove()
            return (commits, recorded)
        case .forged:
            counter.remove()
            return (commits, nil)
        default:
            return nil
        }
    }
}
