internal import CSQLite
import Foundation

/// A failed SQLite call: the extended result code, SQLite's message and the SQL it ran.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public var resultCode: Int32 { extendedResultCode & 0xff }
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …).
    public let extendedResultCode: Int32
    /// SQLite's message.
    public let message: String
    /// The statement that failed, or nil when the failure was not about one (opening a file).
    public let sql: String?

    /// `SQLITE_CONSTRAINT_UNIQUE` (a macro Swift does not import): a UNIQUE index was violated.
    public static let constraintUnique: Int32 = 2067
    /// `SQLITE_READONLY_DBMOVED`: the database file was removed or renamed since it was opened.
    public static let readOnlyDatabaseMoved: Int32 = 1032

    /// Makes an error from its parts.
    public init(extendedResultCode: Int32, message: String, sql: String?) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    /// The error of the last call on `connection`.
    init(connection: OpaquePointer?, code: Int32, sql: String?) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
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
