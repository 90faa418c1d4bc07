internal import CSQLite
import Foundation

/// One prepared statement, reused through the connection's cache.
///
/// Not `Sendable`: it belongs to its connection, which the store uses under a lock.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears bindings and rewinds, ready for the next use.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Steps once; true when a row is ready, false when done.
    /// - Throws: ``SQLiteError`` with the statement's SQL.
    @inline(__always)
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        // A statement that failed is not reused: the next use prepares it afresh.
        connection.forget(sql)
        throw connection.error(code: code, sql: sql)
    }

    /// Steps to the end, ignoring rows.
    func run() throws {
        while try step() {}
    }

    // MARK: Binding (parameters are 1-based)

    func bind(_ value: StoredValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null, .blob, .file, .staged: code = sqlite3_bind_null(handle, index)
        case .string(let text): code = bindText(text, at: index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .double(let number): code = sqlite3_bind_double(handle, index, number)
        case .bool(let flag): code = sqlite3_bind_int64(handle, index, flag ? 1 : 0)
        case .date(let date): code = sqlite3_bind_double(handle, index, date.timeIntervalSinceReferenceDate)
        case .uuid(let uuid): code = bindText(uuid.uuidString, at: index)
        case .data(let data): code = bindBlob(data, at: index)
        case .deferred:
            // Writing it would replace the stored bytes with nothing: refuse instead.
            throw SQLiteError(
                extendedResultCode: SQLITE_MISUSE,
                message: "a binary value that was never read from the store cannot be written", sql: sql)
        }
        try check(code)
    }

    func bind(_ value: PredicateValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null, .array: code = sqlite3_bind_null(handle, index)
        case .bool(let flag): code = sqlite3_bind_int64(handle, index, flag ? 1 : 0)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .double(let number): code = sqlite3_bind_double(handle, index, number)
        case .string(let text): code = bindText(text, at: index)
        case .date(let date): code = sqlite3_bind_double(handle, index, date.timeIntervalSinceReferenceDate)
        case .uuid(let uuid): code = bindText(uuid.uuidString, at: index)
        case .data(let data): code = bindBlob(data, at: index)
        case .object(let id):
            code = id.primaryKey.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
        }
        try check(code)
    }

    func bind(_ number: Int64?, at index: Int32) throws {
        try check(number.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    func bind(_ text: String?, at index: Int32) throws {
        try check(text.map { bindText($0, at: index) } ?? sqlite3_bind_null(handle, index))
    }

    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            sqlite3_bind_text(
                handle, index, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                Int32(bytes.count), csqlite_transient())
        }
    }

    private func bindBlob(_ data: Data, at index: Int32) -> Int32 {
        data.withUnsafeBytes { bytes in
            // A zero-length blob still binds as a blob (not NULL) through sqlite3_bind_zeroblob.
            guard let base = bytes.baseAddress, bytes.count > 0 else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), csqlite_transient())
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw connection.error(code: code, sql: sql) }
    }

    // MARK: Reading columns (0-based)

    @inline(__always)
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    @inline(__always)
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    @inline(__always)
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    @inline(__always)
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column read as the storage of an attribute of `type`.
    ///
    /// Every `sqlite3_column_*` call enters and leaves the statement's API guard, so each
    /// column costs one such call where it can: numbers are read directly, and only a zero
    /// (what SQLite gives for NULL) asks for the type; text and blobs take the column's value
    /// once and read it through the value's own accessors. (That value is "unprotected",
    /// which is safe here: a connection is used by one thread at a time.)
    @inline(__always)
    func value(_ column: Int32, type: AttributeType) -> StoredValue {
        switch type {
        case .integer16, .integer32, .integer64:
            let number = sqlite3_column_int64(handle, column)
            return number == 0 && isNull(column) ? .null : .integer(number)
        case .boolean:
            let number = sqlite3_column_int64(handle, column)
            return number == 0 && isNull(column) ? .null : .bool(number != 0)
        case .double:
            let number = sqlite3_column_double(handle, column)
            return number == 0 && isNull(column) ? .null : .double(number)
        case .date:
            // Seconds since 2001-01-01, as `Date` keeps them: the value comes back bit for bit.
            let seconds = sqlite3_column_double(handle, column)
            return seconds == 0 && isNull(column) ? .null : .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .string, .uuid, .binary:
            break
        }
        guard let value = sqlite3_column_value(handle, column), sqlite3_value_type(value) != SQLITE_NULL else {
            return .null
        }
        switch type {
        case .uuid:
            if let text = sqlite3_value_text(value),
                let uuid = UUID(storedText: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
            {
                return .uuid(uuid)
            }
            return UUID(uuidString: Self.text(of: value)).map(StoredValue.uuid) ?? .null
        case .binary:
            let blob = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            guard let blob, count > 0 else { return .data(Data()) }
            return .data(Data(bytes: blob, count: count))
        default: return .string(Self.text(of: value))
        }
    }

    @inline(__always)
    private static func text(of value: OpaquePointer) -> String {
        guard let bytes = sqlite3_value_text(value) else { return "" }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
