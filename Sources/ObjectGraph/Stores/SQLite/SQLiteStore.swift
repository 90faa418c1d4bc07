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
    /// How long a writer waits for another's lock before ``ConcurrencyError/storeBusy(path:waitedMilliseconds:)``.
    let busyTimeoutMilliseconds: Int

    private let lock = NSLock()
    private let connection: SQLiteConnection

    /// Opens or creates the database at `url`.
    /// - Throws: ``StoreError/modelMismatch(storeHash:modelHash:differences:)`` for a store of
    ///   another model, ``SQLiteError`` when SQLite fails.
    init(model: ManagedObjectModel, url: URL, options: PersistentStoreOptions) throws {
        self.model = model
        self.url = url
        externalStorageThreshold = options.externalStorageThreshold
        busyTimeoutMilliseconds = Int(options.busyTimeoutMilliseconds)
        schema = SQLiteSchema(model: model)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        connection = try SQLiteConnection(path: url.path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA foreign_keys = ON")
        try PredicateSQLFunctions.register(on: connection.handle)
        let metadata = try Self.openMetadata(connection, schema: schema, model: model)
        try metadata.check(against: model)
        identifier = metadata.storeIdentifier
        modelVersionHash = metadata.modelVersionHash
        let blobs = url.deletingPathExtension().appendingPathExtension("blobs")
        blobDirectory = blobs
        blobStore = try BlobStore(directory: blobs)
    }

    /// Reads the metadata table, or creates the schema and metadata of a new store.
    private static func openMetadata(_ connection: SQLiteConnection, schema: SQLiteSchema,
                                     model: ManagedObjectModel) throws -> StoreMetadata {
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
                let entityHashes = values["entityVersionHashes"].flatMap {
                    try? JSONDecoder().decode([String: String].self, from: Data($0.utf8))
                } ?? [:]
                return StoreMetadata(storeIdentifier: identifier, modelVersionHash: hash, entityVersionHashes: entityHashes)
            }
            let metadata = StoreMetadata(newStoreFor: model)
            try connection.execute("CREATE TABLE \"Z_METADATA\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
            for statement in schema.createStatements { try connection.execute(statement) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let entityHashes = String(decoding: try encoder.encode(metadata.entityVersionHashes), as: UTF8.self)
            let insert = try connection.statement("INSERT INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?)")
            for (key, value) in [("storeIdentifier", metadata.storeIdentifier.uuidString),
                                 ("modelVersionHash", metadata.modelVersionHash),
                                 ("entityVersionHashes", entityHashes)] {
                insert.reset()
                try insert.bind(key, at: 1)
                try insert.bind(value, at: 2)
                try insert.run()
            }
            return metadata
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
