internal import CSQLite
import Foundation
import Synchronization

/// The SQLite store: WAL mode, foreign keys on, schema generated from the model, prepared
/// statements cached, blob files beside the database (`<name>.blobs/`).
///
/// `Sendable` as checked by the compiler: the connection (and its statement cache) lives in a
/// `Mutex` and is only lent to ``withConnection(_:)``'s body, which hands back `Sendable`
/// values (rows are values); every other property is immutable after `init`.
///
/// ## Topics
///
/// The type is spread over files by concern (`SQLiteStore+<Concern>.swift`); every line of
/// SQL lives in this folder.
///
/// ### Opening (`+Opening`, `+OpeningRetries`, `+Encryption`, `+DateEncoding`, `+WriteAheadLog`)
/// - ``open(model:url:options:)``, ``init(model:url:options:)``, ``schemaProblems(_:schema:)``
/// - ``encryptionKeyHandle(for:key:)``, ``convertDatesSince1970(_:url:metadata:schema:model:)``, ``logSizeLimit``
///
/// ### The connection, its lock and its failures (`+Locking`, `SQLiteError+StoreFailure`, `SQLiteResultCode`)
/// - ``withConnection(_:)``, ``writeTransaction(_:_:)``, ``announcingLockWait(_:notice:path:timeoutMilliseconds:_:)``
/// - ``retryingWhileBusy(upTo:while:onFirstBusy:_:)`` (the one busy policy),
/// ``namingFailures(of:busyTimeoutMilliseconds:_:)``   (SQLite's failures as ``StoreFailure``s at the entry points)
///
/// ### Reading rows (`+Fetch`, `+FullText`)
/// - ``fetch(_:_:)``, ``count(_:)``, ``row(for:)``, ``destinations(of:relationship:)``
/// - ``fetchIDs(_:)``, ``rows(for:)``, ``destinationRows(of:entity:relationship:defersBinaryValues:)``,
///   ``destinationIDs(of:entity:relationship:)``, ``destinationCounts(of:entity:relationship:)``,
///   ``storedValue(ofAttributeAt:of:)``
///
/// ### Writing (`+Save`, `+BatchDelete`, `+BatchUpdate`, `+History`)
/// - ``save(_:)``, ``batchDelete(_:collectsIDs:author:contextName:)``,
/// ``batchUpdate(_:values:collectsIDs:author:contextName:)``
/// - ``historyRecords(after:since:)``, ``deleteHistory(through:before:)``
///
/// ### Upkeep (`+Maintenance`, `+Removal`, `+StatementRecording`)
/// - ``integrityProblems()``, ``referencedBlobHashes()``, ``removeIfUnused()``, ``recordingStatements(_:)``
final class SQLiteStore: StoreBackend, SQLPredicateSchema, Sendable {
    let model: ManagedObjectModel
    let identifier: UUID
    let type = PersistentStoreType.sqlite
    let url: URL?
    let blobStore: BlobStore?
    let externalStorageThreshold: Int
    let modelVersionHash: String
    let schema: SQLiteSchema
    let blobDirectory: URL?
    /// The full-text indexes of searchable attributes, by table (see `SQLiteStore+FullText`).
    let fullTextIndexes: [String: FullTextIndex]
    /// How long a writer waits for another's lock before ``StoreFailure/busy(path:waitedMilliseconds:)``.
    let busyTimeoutMilliseconds: Int
    /// Told when a write transaction waits for another writer's lock.
    let lockWaitNotice: LockWaitNotice?

    /// The connection and its statement cache, used only under this lock.
    private let connection: Mutex<SQLiteConnection>

    /// Whether saves record persistent history (``PersistentStoreOptions/recordsPersistentHistory``;
    /// see `SQLiteStore+History`).
    let recordsPersistentHistory: Bool
    /// Whether the store was opened only to be read (``PersistentStoreOptions/isReadOnly``).
    let isReadOnly: Bool
    /// Whether this store created the database's schema when it opened (a new store).
    let createdSchema: Bool
    /// For a store read as it is on disk (immutable): the file as it was when opened.
    let immutableFile: ImmutableFileState?
    /// An encrypted store's count of its commits kept beside it (see ``CommitCounter``); nil for a plain store.
    let commitCounter: CommitCounter?

    /// Opens or creates the database at `url`.
    ///
    /// Before anything is created, a database that is missing or empty while the blob folder
    /// beside it holds files is refused (``StoreError/missingDatabase(path:isEmpty:blobFolder:blobCount:)``),
    /// and with ``PersistentStoreOptions/createsStore`` false a missing store is
    /// ``StoreError/missingStore(path:)``. A store written with another model is migrated first
    /// (see ``migrateIfNeeded(_:url:metadata:schema:model:)``); then its tables, columns and
    /// indexes are checked against the model (``StoreError/damagedSchema(path:problems:)``).
    /// Read-only (``PersistentStoreOptions/isReadOnly``), nothing is written: a store that needs
    /// migrating is ``StoreFailure/readOnly(path:)``, and when the folder does not let this process
    /// make SQLite's log files and none are there, the file is read as it is (SQLite's immutable mode).
    /// With ``PersistentStoreOptions/encryptionKey``, the database is read and written through the
    /// encrypting VFS (see ``StoreCipher``), and a new one is created encrypted.
    /// - Throws: ``MigrationError`` when it cannot be, ``StoreError/modelMismatch(storeHash:modelHash:differences:)``
    ///   for a store of another model that keeps no model description, ``StoreError``, ``StoreFailure``,
    ///   ``SQLiteError`` when SQLite fails (``open(model:url:options:)`` names SQLite's failures as ``StoreFailure``);
    ///   ``StoreEncryptionError`` for a wrong or missing key, a key given for a plain store, a damaged page.
    init(model: ManagedObjectModel, url: URL, options: PersistentStoreOptions) throws {
        self.model = model
        self.url = url
        externalStorageThreshold = options.externalStorageThreshold
        busyTimeoutMilliseconds = Int(options.busyTimeoutMilliseconds)
        isReadOnly = options.isReadOnly
        recordsPersistentHistory = options.recordsPersistentHistory && !options.isReadOnly
        let creates = options.createsStore && !options.isReadOnly
        lockWaitNotice = options.lockWaitNotice
        schema = SQLiteSchema(model: model)
        let blobs = url.deletingPathExtension().appendingPathExtension("blobs")
        try Self.refuseMissingDatabase(at: url, blobs: blobs, creating: creates)
        // Before anything is created or opened: a key that does not fit the file changes nothing.
        let keyHandle = try Self.encryptionKeyHandle(for: url, key: options.encryptionKey)
        // Before SQLite recovers the log: a damaged one would be cut short in silence.
        try Self.refuseDamagedLog(at: url, key: options.encryptionKey)
        if creates {
            try Self.createParentDirectory(of: url.path)
            // SQLite keeps an existing file's mode and gives the WAL and shared-memory files the
            // database's: a new store starts from a private file, whatever the umask.
            try PrivateFileModes.createFileIfMissing(atPath: url.path)
        }
        let access = isReadOnly ? Self.readOnlyAccess(to: url) : .readWrite
        immutableFile = access == .immutable ? ImmutableFileState(of: url.path) : nil
        let connection = try SQLiteConnection(
            path: url.path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds,
            access: access, key: keyHandle)
        if keyHandle != nil { try Self.prepareEncryptedConnection(connection) }
        if !isReadOnly {
            try Self.enableWriteAheadLog(connection, waitingUpTo: busyTimeoutMilliseconds)
            try connection.keepWriteAheadLog()
        }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA foreign_keys = ON")
        // No memory map for an encrypted store: mapped pages would bypass the VFS that opens them.
        if options.memoryMapSize > 0, keyHandle == nil {
            try connection.execute("PRAGMA mmap_size = \(options.memoryMapSize)")
        }
        // A negative cache size is in KiB rather than pages.
        if options.pageCacheSize > 0 {
            try connection.execute("PRAGMA cache_size = -\(max(1, options.pageCacheSize / 1024))")
        }
        try PredicateSQLFunctions.register(on: connection.handle)
        // Before anything touches a full-text index (a migration, the triggers of a save).
        try SQLiteFullTextTokenizer.register(on: connection.handle)
        let (opening, tableSchema, readOnly) = (connection, schema, options.isReadOnly)
        let (stored, created, keepsDatesSince1970, verifiedSchema) = try Self.announcingLockWait(
            opening, notice: readOnly ? nil : options.lockWaitNotice, path: url.path,
            timeoutMilliseconds: Int(options.busyTimeoutMilliseconds)
        ) {
            try Self.openMetadata(
                opening, schema: tableSchema, model: model, url: url, blobs: blobs,
                creating: creates, readOnly: readOnly)
        }
        createdSchema = created
        // Before anything is written: an older copy of an encrypted database put back is refused.
        commitCounter = options.encryptionKey.map {
            CommitCounter(databasePath: url.path, dataKey: $0, witness: options.commitCountWitness)
        }
        if let commitCounter, !created {
            try commitCounter.check(
                store: stored.storeIdentifier, commits: try Self.commitCount(connection), databasePath: url.path)
        }
        // A new store that its creator removed again (nothing saved) while this one waited for
        // its lock is gone from the folder: open afresh rather than write to a removed file.
        if !isReadOnly, connection.fileHasMoved { throw SQLiteStoreMoved() }
        let metadata: StoreMetadata
        if isReadOnly {
            // Dates still in the old encoding would be read 31 years off; they need a write to convert.
            guard !keepsDatesSince1970, try stored.migration(to: model, path: url.path) == nil else {
                throw StoreFailure.readOnly(path: url.path)
            }
            metadata = stored
        } else {
            if keepsDatesSince1970 {
                try Self.convertDatesSince1970(connection, url: url, metadata: stored, schema: schema, model: model)
            }
            metadata = try Self.migrateIfNeeded(
                connection, url: url, metadata: stored, schema: schema, model: model,
                key: keyHandle)
        }
        // The tables, columns and indexes are compared with the model's only when the schema
        // changed since the last comparison that found them complete (see ``schemaFingerprint(_:model:)``).
        let fingerprint = try Self.schemaFingerprint(connection, model: model)
        if fingerprint != verifiedSchema {
            let problems = try Self.schemaProblems(connection, schema: schema)
            guard problems.isEmpty else { throw StoreError.damagedSchema(path: url.path, problems: problems) }
        }
        fullTextIndexes = Self.fullTextIndexes(schema: schema, model: model)
        if !isReadOnly { try Self.createMissingFullTextIndexes(fullTextIndexes, connection: connection) }
        identifier = metadata.storeIdentifier
        modelVersionHash = metadata.modelVersionHash
        blobDirectory = blobs
        blobStore =
            isReadOnly
            ? BlobStore(readingDirectory: blobs, encryptionKey: options.encryptionKey)
            : try BlobStore(directory: blobs, encryptionKey: options.encryptionKey)
        self.connection = Mutex(connection)
        if recordsPersistentHistory && !isReadOnly { try createHistoryTablesIfMissing() }
        // Only now, when the store has opened: a failed opening must not change the database.
        try self.connection.withLock { connection in
            if connection.logClosing == .kept { connection.logClosing = .keptAndTrimmed }
            // Recorded by the next save, not here: a command that fails leaves the store as it was.
            // The fingerprint of the schema as this opening leaves it: the full-text and history
            // tables it may just have made are part of it, and a fingerprint taken before them
            // would never match again, so every later opening would compare afresh.
            if !isReadOnly, fingerprint != verifiedSchema {
                connection.schemaFingerprintToRecord = try Self.schemaFingerprint(connection, model: model)
            }
        }
    }

    /// Creates the folder that holds the database file (mode 0700) when it is missing. (Path strings, not
    /// `URL.deletingLastPathComponent()`, whose standardising costs a noticeable part of a
    /// short process the first time it runs.)
    private static func createParentDirectory(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        try PrivateFileModes.createDirectories(atPath: directory)
    }

    /// Switches the database to WAL mode. The switch needs the database to itself and SQLite
    /// answers "database is locked" at once, without its busy handler, while another process
    /// is creating the same new store; so this waits and retries (1 ms doubling to 64 ms) up
    /// to the busy timeout like a writer does.
    /// - Throws: ``SQLiteError`` when the switch still fails after the timeout (busy, as
    ///   ``open(model:url:options:)`` names it).
    private static func enableWriteAheadLog(_ connection: SQLiteConnection, waitingUpTo timeout: Int) throws {
        try retryingWhileBusy(upTo: .milliseconds(timeout)) { try connection.execute("PRAGMA journal_mode = WAL") }
    }

    /// Reads the metadata table, or (when `creating`) creates the schema and metadata of a new
    /// store in a database that holds no tables yet; whether the store's dates are still
    /// seconds since 1970 (see `SQLiteStore+DateEncoding`); and the schema fingerprint last
    /// recorded (see ``schemaFingerprint(_:model:)``), nil for none or a new store.
    /// - Throws: ``StoreError/missingStore(path:)`` for a database without tables when not
    ///   `creating`; ``StoreError/missingDatabase(path:isEmpty:blobFolder:blobCount:)`` for one
    ///   beside a blob folder that holds files; ``StoreFailure/corrupt(path:reason:)`` for a
    ///   database with tables but no metadata, or metadata without the store's identity.
    private static func openMetadata(
        _ connection: SQLiteConnection, schema: SQLiteSchema, model: ManagedObjectModel,
        url: URL, blobs: URL, creating: Bool,
        readOnly: Bool
    )
        throws -> (metadata: StoreMetadata, created: Bool, keepsDatesSince1970: Bool, verifiedSchema: String?)
    {
        try connection.transaction(immediate: !readOnly) {
            let exists = try connection.scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_METADATA'")
            if exists == 1 {
                let statement = try connection.statement("SELECT \"key\", \"value\" FROM \"Z_METADATA\"")
                defer { statement.reset() }
                var values: [String: String] = [:]
                while try statement.step() { values[statement.text(0)] = statement.text(1) }
                guard let identifier = values["storeIdentifier"].flatMap(UUID.init(storedString:)),
                    let hash = values["modelVersionHash"]
                else {
                    throw StoreFailure.corrupt(
                        path: sqlite3_db_filename(connection.handle, nil).map { String(cString: $0) } ?? "?",
                        reason: "the metadata table lacks the store identifier or model hash")
                }
                let previous = values["previousModelVersionHashes"].flatMap {
                    try? JSONDecoder().decode([String].self, from: Data($0.utf8))
                }
                // The entity hashes and the model description are only read back to migrate:
                // a store of `model` that keeps its description keeps `model`'s own (the hash
                // is of it), so their JSON is decoded only when the hash differs (decoding it
                // cost over a millisecond on every open).
                let keepsDatesSince1970 = values[dateEncodingKey] != dateEncodingSinceReferenceDate
                if hash == model.versionHash, values["modelDescription"] != nil {
                    return (
                        StoreMetadata(
                            storeIdentifier: identifier, modelVersionHash: hash,
                            entityVersionHashes: model.entityVersionHashes,
                            modelDescription: ModelDescription(model: model),
                            previousModelVersionHashes: previous), false, keepsDatesSince1970,
                        values[schemaFingerprintKey]
                    )
                }
                let entityHashes =
                    values["entityVersionHashes"].flatMap {
                        try? JSONDecoder().decode([String: String].self, from: Data($0.utf8))
                    } ?? [:]
                return (
                    StoreMetadata(
                        storeIdentifier: identifier, modelVersionHash: hash, entityVersionHashes: entityHashes,
                        modelDescription: modelDescription(in: values), previousModelVersionHashes: previous),
                    false, keepsDatesSince1970, values[schemaFingerprintKey]
                )
            }
            guard try connection.scalar("SELECT count(*) FROM sqlite_master") == 0 else {
                throw StoreFailure.corrupt(path: url.path, reason: "it holds tables but no store metadata")
            }
            try refuseMissingDatabase(at: url, blobs: blobs, creating: creating, isEmpty: true)
            let metadata = StoreMetadata(newStoreFor: model)
            try connection.execute("CREATE TABLE \"Z_METADATA\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
            for statement in schema.createStatements { try connection.execute(statement) }
            try writeMetadata(metadata, to: connection)
            try recordDateEncoding(on: connection)
            return (metadata, true, false, nil)
        }
    }

    /// Runs `body` with the connection, under the store's lock: the entry point of every read
    /// and write, where SQLite's failures of a family become ``StoreFailure``s. A store read as
    /// it is on disk (immutable, without SQLite's locks) then checks that its file did not change
    /// meanwhile. What `body` returns is `Sendable` (rows, IDs, counts), so nothing of the
    /// connection (a statement, the connection itself) can leave the lock with it.
    /// - Throws: whatever `body` throws, an ``SQLiteError`` of a family as its ``StoreFailure``;
    ///   ``StoreFailure/busy(path:waitedMilliseconds:)`` when another process wrote the file while
    ///   an immutable store read it (what was read may mix two states, so it is not handed on).
    func withConnection<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try Self.namingFailures(of: url?.path ?? "?", busyTimeoutMilliseconds: busyTimeoutMilliseconds) {
            try connection.withLock { connection in
                let result = try body(connection)
                if let unchanged = immutableFile, unchanged != ImmutableFileState(of: url?.path ?? "") {
                    throw StoreFailure.busy(path: url?.path ?? "?", waitedMilliseconds: 0)
                }
                return result
            }
        }
    }

    /// Runs `body` with the connection, under the store's lock, without the check of
    /// ``withConnection(_:)`` (for installing and removing hooks).
    func withConnectionUnchecked<T: Sendable>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try connection.withLock { try body($0) }
    }

    // MARK: SQLPredicateSchema

    /// The table, columns and relationship storage of entity `name`, for the predicate compiler.
    func sqlMapping(forEntity name: String) -> SQLEntityMapping? { schema.mappings[name] }
}
