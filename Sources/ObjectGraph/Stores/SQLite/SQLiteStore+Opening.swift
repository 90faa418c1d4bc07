internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Refuses to go on when the database at `url` is missing or empty (`isEmpty`, or found
    /// so on disk when nil) while the blob folder beside it holds committed files: a new empty
    /// store there would call every one of them unreferenced. When there are none, a missing
    /// store is only refused when not `creating`. Creates nothing.
    /// - Throws: ``StoreError/missingDatabase(path:isEmpty:blobFolder:blobCount:)``,
    ///   ``StoreError/missingStore(path:)``, ``BlobStoreError/readFailed(path:reason:)``.
    static func refuseMissingDatabase(at url: URL, blobs: URL, creating: Bool, isEmpty known: Bool? = nil) throws {
        let isEmpty: Bool
        if let known {
            isEmpty = known
        } else {
            // lstat, as `FileManager.attributesOfItem` looks (without following a link), but
            // without its owner and group lookups and the cast of its boxed size: every open
            // asks this, and those took about 1.3 million instructions of every opening.
            var info = stat()
            guard lstat(url.path, &info) == 0 else {
                return try refuseMissingDatabase(at: url, blobs: blobs, creating: creating, isEmpty: false)
            }
            guard info.st_size == 0 else { return }
            isEmpty = true
        }
        let count = try BlobStore(readingDirectory: blobs).allHashes().count
        if count > 0 {
            throw StoreError.missingDatabase(
                path: url.path, isEmpty: isEmpty, blobFolder: blobs.lastPathComponent,
                blobCount: count)
        }
        if !creating { throw StoreError.missingStore(path: url.path) }
    }

    /// How to open the database at `url` read-only: with SQLite's locks and log files when
    /// they are there or this process may create them in the folder; otherwise as the file is
    /// (immutable: a store only its owner may write, closed by its last writer, has no log).
    static func readOnlyAccess(to url: URL) -> SQLiteConnection.Access {
        let path = url.path
        if access(path + "-wal", F_OK) == 0 && access(path + "-shm", F_OK) == 0 { return .readOnly }
        // A log with commits in it (a writer leaves its log behind when it closes) must be read:
        // the immutable mode would ignore it and answer from an older state.
        var log = stat()
        if stat(path + "-wal", &log) == 0 && log.st_size > 0 { return .readOnly }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
        return access(folder, W_OK) == 0 ? .readOnly : .immutable
    }

    /// The metadata key of the fingerprint of the schema last found complete.
    static let schemaFingerprintKey = "verifiedSchema"
    /// The revision of what ``schemaProblems(_:schema:)`` expects of a model's tables: raise it when
    /// ``SQLiteSchema`` changes the tables, columns or indexes it makes for the same model, so
    /// every store is compared again.
    private static let schemaCheckRevision = 1

    /// What identifies the database's schema as compared with `model`'s: a 64-bit FNV-1a hash of
    /// every row of `sqlite_master` (type, name, table and the `CREATE` statement, which SQLite
    /// keeps as written and rewrites on every ALTER, and which a tool editing the schema table
    /// directly changes too), the model's version hash and ``schemaCheckRevision``. An opening
    /// whose fingerprint is the one recorded after the last comparison that found nothing
    /// missing skips the comparison: its listing of every table's columns cost about 1.2 million
    /// instructions of each opening of a store of a dozen tables; the hash, a few ten thousand.
    /// - Throws: ``SQLiteError``.
    static func schemaFingerprint(_ connection: SQLiteConnection, model: ManagedObjectModel) throws -> String {
        let listing = try connection.statement(
            "SELECT \"type\", \"name\", \"tbl_name\", \"sql\" FROM \"sqlite_master\" ORDER BY \"rowid\"")
        defer { listing.reset() }
        let prime: UInt64 = 0x100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        while try listing.step() {
            for column: Int32 in 0..<4 {
                if let text = sqlite3_column_text(listing.handle, column) {
                    for index in 0..<Int(sqlite3_column_bytes(listing.handle, column)) {
                        hash = (hash ^ UInt64(text[index])) &* prime
                    }
                }
                // A separator no UTF-8 text holds, so moving bytes between columns changes the hash.
                hash = (hash ^ 0xFF) &* prime
            }
        }
        return "\(String(hash, radix: 16)) \(model.versionHash) \(schemaCheckRevision)"
    }

    /// Records `checked`, the fingerprint of the schema found complete for `model` when the store
    /// opened, when the schema still has it (another process may have changed it since); inside
    /// a save's write transaction, so only a command that saves changes the store.
    /// - Throws: ``SQLiteError``.
    static func recordSchemaFingerprint(
        _ connection: SQLiteConnection, model: ManagedObjectModel,
        ifStill checked: String
    ) throws {
        guard try schemaFingerprint(connection, model: model) == checked else { return }
        let insert = try connection.statement(
            "INSERT OR REPLACE INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?)")
        defer { insert.reset() }
        try insert.bind(schemaFingerprintKey, at: 1)
        try insert.bind(checked, at: 2)
        try insert.run()
    }

    /// What differs between the tables, columns and indexes in the database and those the
    /// schema asks for, one line each (`the table Tag is missing`, `the column Medium.sha256 is
    /// missing`, `the index Tag_unique_0 is missing`); empty when every one is there. Tables,
    /// columns and indexes the schema does not know (another tool's, the full-text index) are
    /// not problems.
    /// - Throws: ``SQLiteError``.
    static func schemaProblems(_ connection: SQLiteConnection, schema: SQLiteSchema) throws -> [String] {
        var columns: [String: Set<String>] = [:]
        var indexes = Set<String>()
        let listing = try connection.statement(
            """
            SELECT m."type", m."name", p."name" FROM "sqlite_master" AS m LEFT JOIN pragma_table_info(m."name") AS p \
            WHERE m."type" IN ('table', 'index')
            """)
        defer { listing.reset() }
        while try listing.step() {
            if listing.text(0) == "index" {
                indexes.insert(listing.text(1))
            } else if !listing.isNull(2) {
                columns[listing.text(1), default: []].insert(listing.text(2))
            }
        }
        var problems: [String] = []
        for (table, expectedColumns, expectedIndexes) in schema.expectedObjects {
            guard let present = columns[table] else {
                problems.append("the table \(table) is missing")
                continue
            }
            problems += expectedColumns.filter { !present.contains($0) }.map { "the column \(table).\($0) is missing" }
            problems += expectedIndexes.filter { !indexes.contains($0) }.map { "the index \($0) is missing" }
        }
        return problems
    }
}

extension SQLiteSchema {
    /// Every table the schema creates, with its columns and the names of its indexes, in order.
    var expectedObjects: [(table: String, columns: [String], indexes: [String])] {
        var objects: [(table: String, columns: [String], indexes: [String])] = []
        for name in tableOrder {
            guard let table = tables[name] else { continue }
            objects.append(
                (name, ["Z_PK", "Z_ENT", "Z_OPT"] + table.columns.map(\.name), table.indexes.compactMap(Self.indexName))
            )
        }
        for name in joinTables.keys.sorted() {
            objects.append((name, ["source", "destination"], ["\(name)_destination"]))
        }
        for name in orderTables.keys.sorted() { objects.append((name, ["source", "destination", "position"], [])) }
        return objects
    }

    /// The name in `CREATE [UNIQUE] INDEX "name" ON …`.
    private static func indexName(_ statement: String) -> String? {
        guard let open = statement.firstIndex(of: "\""),
            let close = statement[statement.index(after: open)...].firstIndex(of: "\"")
        else { return nil }
        return String(statement[statement.index(after: open)..<close])
    }
}

/// What shows that a database file read without SQLite's locks was not written meanwhile: its
/// identity, size and times, and that no log file is beside it (a writer makes one first).
struct ImmutableFileState: Equatable, Sendable {
    var device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0
    var modified = timespec(), changed = timespec()
    var hasLog = false

    /// The state of the file at `path` now.
    init(of path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim
            changed = info.st_ctim
        }
        hasLog = access(path + "-wal", F_OK) == 0
    }

    static func == (a: Self, b: Self) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size && a.hasLog == b.hasLog
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}
