internal import CSQLite
import Foundation

/// One SQLite connection with a cache of prepared statements keyed by SQL text.
///
/// Not `Sendable`: ``SQLiteStore`` owns it and only touches it under its lock.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    /// What closing does with the write-ahead log (see `SQLiteStore+WriteAheadLog`).
    var logClosing = WriteAheadLogClosing.sqliteDefault
    /// The fingerprint of the schema this connection's store found complete when it opened, to be
    /// recorded with its next save (see `SQLiteStore.schemaFingerprint(_:model:)`); nil when the
    /// recorded one was already this.
    var schemaFingerprintToRecord: String?
    /// The database file's identity while this connection has it open (see ``OpenDatabaseFiles``).
    private let openFile: FileIdentity?

    /// How a connection opens its file.
    enum Access {
        /// Read and write, creating the file when missing.
        case readWrite
        /// Read only, with SQLite's locks and the log files beside the database.
        case readOnly
        /// Read only, as the file is: no locks and no log files (SQLite's `immutable`), for a
        /// folder in which this process cannot make the `-wal` and `-shm` files.
        case immutable
    }

    /// Opens the database at `path`, creating it when `access` is ``Access/readWrite``; through
    /// the encrypting VFS with the key of `key` when there is one (see ``StoreCipher``). With
    /// `acceptsURIs`, file names in its SQL (`ATTACH`, `VACUUM INTO`) may be URIs.
    /// - Throws: ``SQLiteError`` when the file cannot be opened; ``StoreEncryptionError`` when its
    ///   key is wrong, or it is plain, or its first page is damaged.
    init(
        path: String, busyTimeoutMilliseconds: Int32, access: Access = .readWrite,
        key: StoreCipher.KeyHandle? = nil, acceptsURIs: Bool = false
    ) throws {
        var connection: OpaquePointer?
        var parameters: [String] = []
        if let key { parameters.append("pdkey=\(key.number)") }
        if access == .immutable { parameters.append("immutable=1") }
        let flags =
            switch access {
            case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            case .readOnly, .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            }
        let code =
            parameters.isEmpty && !acceptsURIs
            ? sqlite3_open_v2(path, &connection, flags, nil)
            : sqlite3_open_v2(
                Self.uri(path, parameters), &connection, flags | SQLITE_OPEN_URI,
                key == nil ? nil : StoreCipher.vfsName)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(connection: connection, code: code, sql: nil)
            sqlite3_close_v2(connection)
            throw StoreCipher.failure(forExtendedCode: error.extendedResultCode) ?? error
        }
        handle = connection
        openFile = FileIdentity(path: path)
        if let openFile { OpenDatabaseFiles.opened(openFile) }
        sqlite3_extended_result_codes(handle, 1)
        let timeout = sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        guard timeout == SQLITE_OK else { throw error(code: timeout, sql: "busy_timeout") }
    }

    /// `file:<path>?<parameters>`, with the characters a URI gives a meaning escaped.
    static func uri(_ path: String, _ parameters: [String]) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    deinit {
        statements = [:]
        closeWriteAheadLog()
        sqlite3_close_v2(handle)
        if let openFile { OpenDatabaseFiles.closed(openFile) }
    }

    /// The error of the last call: an ``SQLiteError``, or the ``StoreEncryptionError`` of a page
    /// of an encrypted store that failed to open (damaged, or under a wrong key).
    func error(code: Int32, sql: String?) -> any Error {
        let error = SQLiteError(connection: handle, code: code, sql: sql)
        return StoreCipher.failure(forExtendedCode: error.extendedResultCode) ?? error
    }

    /// Runs one or more statements that take no parameters.
    /// - Throws: ``SQLiteError``.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            let extended = sqlite3_extended_errcode(handle)
            throw StoreCipher.failure(forExtendedCode: extended)
                ?? SQLiteError(extendedResultCode: extended, message: text, sql: sql)
        }
    }

    /// The cached statement for `sql`, prepared (persistent) on first use, reset and unbound.
    /// - Throws: ``SQLiteError`` when the SQL does not compile.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw error(code: code, sql: sql) }
        let statement = SQLiteStatement(handle: prepared, sql: sql, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Drops `sql`'s statement from the cache (after it failed).
    func forget(_ sql: String) { statements[sql] = nil }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (a plain, reading `BEGIN` when
    /// `immediate` is false): committed when it returns, rolled back when it throws.
    func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The value of the first column of the first row of `sql`, as an integer.
    func scalar(_ sql: String, _ bindings: [StoredValue] = []) throws -> Int64? {
        let statement = try statement(sql)
        defer { statement.reset() }
        for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int64(0)
    }

    /// Whether the database file this connection has open is no longer the one at its path
    /// (removed or replaced since it was opened).
    var fileHasMoved: Bool {
        var moved: Int32 = 0
        return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }

    /// Number of rows the last statement changed.
    var changes: Int { Int(sqlite3_changes(handle)) }
}
