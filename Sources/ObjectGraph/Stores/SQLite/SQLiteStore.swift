import CSQLite
import Foundation

/// The SQLite store: WAL mode, foreign keys on, schema generated from the model, prepared
/// statements cached, blob files beside the database (`<name>.blobs/`).
///
/// `@unchecked Sendable`: the connection (and its statement cache) is only used under
/// `lock`; every other property is immutable after `init`.
final class SQLiteStore: RowStore, SQLPredicateSchema, @unchecked Sendable {
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
    /// How long a writer waits for another's lock before ``ConcurrencyError/storeBusy(path:waitedMilliseconds:)``.
    let busyTimeoutMilliseconds: Int

    private let lock = NSLock()
    private let connection: SQLiteConnection

    /// Opens or creates the database at `url`.
    /// A store written with another model is migrated first (see ``migrateIfNeeded(_:url:metadata:schema:model:)``).
    /// - Throws: ``MigrationError`` when it cannot be, ``StoreError/modelMismatch(storeHash:modelHash:differences:)``
    ///   for a store of another model that keeps no model description, ``SQLiteError`` when SQLite fails.
    init(model: ManagedObjectModel, url: URL, options: PersistentStoreOptions) throws {
        self.model = model
        self.url = url
        externalStorageThreshold = options.externalStorageThreshold
        busyTimeoutMilliseconds = Int(options.busyTimeoutMilliseconds)
        schema = SQLiteSchema(model: model)
        try Self.createParentDirectory(of: url.path)
        connection = try SQLiteConnection(path: url.path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        try Self.enableWriteAheadLog(connection, waitingUpTo: busyTimeoutMilliseconds)
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA foreign_keys = ON")
        if options.memoryMapSize > 0 { try connection.execute("PRAGMA mmap_size = \(options.memoryMapSize)") }
        // A negative cache size is in KiB rather than pages.
        if options.pageCacheSize > 0 { try connection.execute("PRAGMA cache_size = -\(max(1, options.pageCacheSize / 1024))") }
        try PredicateSQLFunctions.register(on: connection.handle)
        let (stored, keepsDatesSince1970) = try Self.openMetadata(connection, schema: schema, model: model)
        if keepsDatesSince1970 {
            try Self.convertDatesSince1970(connection, url: url, metadata: stored, schema: schema, model: model)
        }
        let metadata = try Self.migrateIfNeeded(connection, url: url, metadata: stored, schema: schema, model: model)
        fullTextIndexes = Self.fullTextIndexes(schema: schema, model: model)
        try Self.createMissingFullTextIndexes(fullTextIndexes, connection: connection)
        identifier = metadata.storeIdentifier
        modelVersionHash = metadata.modelVersionHash
        let blobs = url.deletingPathExtension().appendingPathExtension("blobs")
        blobDirectory = blobs
        blobStore = try BlobStore(directory: blobs)
    }

    /// Creates the folder that holds the database file when it is missing. (Path strings, not
    /// `URL.deletingLastPathComponent()`, whose standardising costs a noticeable part of a
    /// short process the first time it runs.)
    private static func createParentDirectory(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Switches the database to WAL mode. The switch needs the database to itself and SQLite
    /// answers "database is locked" at once, without its busy handler, while another process
    /// is creating the same new store; so this waits and retries (1 ms doubling to 64 ms) up
    /// to the busy timeout like a writer does.
    /// - Throws: ``SQLiteError`` when the switch still fails after the timeout.
    private static func enableWriteAheadLog(_ connection: SQLiteConnection, waitingUpTo timeout: Int) throws {
        var waited = 0, pause = 1
        while true {
            do {
                try connection.execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as SQLiteError where error.resultCode == SQLITE_BUSY && waited < timeout {
                usleep(UInt32(pause * 1000))
                waited += pause
                pause = min(pause * 2, 64)
            }
        }
    }

    /// Reads the metadata table, or creates the schema and metadata of a new store; and whether
    /// the store's dates are still seconds since 1970 (see `SQLiteStore+DateEncoding`).
    private static func openMetadata(_ connection: SQLiteConnection, schema: SQLiteSchema, model: ManagedObjectModel)
        throws -> (metadata: StoreMetadata, keepsDatesSince1970: Bool) {
        try connection.transaction {
            let exists = try connection.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_METADATA'")
            if exists == 1 {
                let statement = try connection.statement("SELECT \"key\", \"value\" FROM \"Z_METADATA\"")
                defer { statement.reset() }
                var values: [String: String] = [:]
                while try statement.step() { values[statement.text(0)] = statement.text(1) }
                guard let identifier = values["storeIdentifier"].flatMap(UUID.init(uuidString:)),
                      let hash = values["modelVersionHash"] else {
                    throw StoreError.corruptStore(path: sqlite3_db_filename(connection.handle, nil).map { String(cString: $0) } ?? "?",
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
                    return (StoreMetadata(storeIdentifier: identifier, modelVersionHash: hash,
                                         entityVersionHashes: model.entityVersionHashes,
                                         modelDescription: ModelDescription(model: model),
                                         previousModelVersionHashes: previous), keepsDatesSince1970)
                }
                let entityHashes = values["entityVersionHashes"].flatMap {
                    try? JSONDecoder().decode([String: String].self, from: Data($0.utf8))
                } ?? [:]
                return (StoreMetadata(storeIdentifier: identifier, modelVersionHash: hash, entityVersionHashes: entityHashes,
                                      modelDescription: modelDescription(in: values), previousModelVersionHashes: previous),
                        keepsDatesSince1970)
            }
            let metadata = StoreMetadata(newStoreFor: model)
            try connection.execute("CREATE TABLE \"Z_METADATA\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
            for statement in schema.createStatements { try connection.execute(statement) }
            try writeMetadata(metadata, to: connection)
            try recordDateEncoding(on: connection)
            return (metadata, false)
        }
    }

    /// Runs `body` with the connection, under the store's lock.
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try lock.withLock { try body(connection) }
    }

    // MARK: SQLPredicateSchema

    /// The table, columns and relationship storage of entity `name`, for the predicate compiler.
    func sqlMapping(forEntity name: String) -> SQLEntityMapping? { schema.mappings[name] }
}
