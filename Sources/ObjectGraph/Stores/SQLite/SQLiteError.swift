internal import CSQLite
import Foundation

/// A failed SQLite call: the extended result code, SQLite's message and the SQL it ran.
///
/// Inside the SQLite layer it is matched by ``SQLiteResultCode`` (`catch SQLiteResultCode.busy`);
/// the store's entry points throw the failures of a family as ``StoreFailure`` instead, so
/// what reaches a caller as an `SQLiteError` is a failure of no family (a constraint, a misuse).
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_ERROR`, …).
    public var resultCode: Int32 { extendedResultCode & 0xff }
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …).
    public let extendedResultCode: Int32
    /// SQLite's message.
    public let message: String
    /// The statement that failed, or nil when the failure was not about one (opening a file).
    public let sql: String?

    /// Makes an error from its parts.
    public init(extendedResultCode: Int32, message: String, sql: String?) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    /// The error of the last call on `connection`.
    init(connection: OpaquePointer?, code: Int32, sql: String?) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(extendedResultCode: (extended & 0xff) == (code & 0xff) ? extended : code, message: message, sql: sql)
    }

    /// `SQLite error 2067 (UNIQUE constraint failed: Tag.name) in "INSERT …"`.
    public var description: String {
        var text = "SQLite error \(extendedResultCode): \(message)"
        if let sql { text += " — while running: \(sql)" }
        return text
    }
}
