import CSQLite
import Foundation

extension PredicateValue {
    /// Binds the value to parameter `index` (1-based) of `statement`, in the column
    /// encodings of ``SQLPredicateSchema``: booleans as INTEGER 0/1, dates as REAL seconds
    /// since 2001-01-01 (the reference date), UUIDs as upper-case TEXT, objects as their INTEGER primary key.
    /// - Throws: ``PredicateSQLError/temporaryObject(_:)`` for an unsaved object,
    ///   ``PredicateSQLError/unsupported(_:)`` for a list, ``PredicateSQLError/sqlite(code:message:)``
    ///   when SQLite refuses.
    public func bind(to statement: OpaquePointer, at index: Int32) throws(PredicateSQLError) {
        let code: Int32
        switch self {
        case .null: code = sqlite3_bind_null(statement, index)
        case .bool(let value): code = sqlite3_bind_int64(statement, index, value ? 1 : 0)
        case .integer(let value): code = sqlite3_bind_int64(statement, index, value)
        case .double(let value): code = sqlite3_bind_double(statement, index, value)
        case .string(let value): code = sqlite3_bind_text(statement, index, value, -1, csqlite_transient())
        case .date(let value): code = sqlite3_bind_double(statement, index, value.timeIntervalSinceReferenceDate)
        case .uuid(let value): code = sqlite3_bind_text(statement, index, value.uuidString, -1, csqlite_transient())
        case .data(let value):
            if value.isEmpty {
                code = sqlite3_bind_zeroblob(statement, index, 0)
            } else {
                code = value.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
                }
            }
        case .object(let id):
            guard let key = id.primaryKey else { throw .temporaryObject(id) }
            code = sqlite3_bind_int64(statement, index, key)
        case .array:
            throw .unsupported("a list cannot be bound to one parameter; use IN with a list")
        }
        guard code == SQLITE_OK else {
            let message = sqlite3_db_handle(statement).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            throw .sqlite(code: code, message: message ?? "binding parameter \(index) failed")
        }
    }
}
