internal import CSQLite

/// An SQLite result code, primary (`SQLITE_BUSY`) or extended (`SQLITE_BUSY_SNAPSHOT`), as the
/// SQLite layer matches it: the only place that names SQLite's numbers for the failures the
/// store reacts to. A primary code used as a pattern matches each extended code of its family,
/// so `catch SQLiteResultCode.busy` catches every kind of busy ``SQLiteError``, and a `switch`
/// over ``SQLiteError/code`` reads as the list of families it handles.
struct SQLiteResultCode: RawRepresentable, Hashable, Sendable {
    /// The code as SQLite returns it.
    let rawValue: Int32

    /// The code `rawValue`.
    init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of the family (the low byte).
    var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xff) }

    /// Whether this is a primary code, which as a pattern stands for its whole family.
    var isPrimary: Bool { rawValue == rawValue & 0xff }

    /// `SQLITE_ERROR`: a generic error (a syntax error, a missing table).
    static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_BUSY`: another connection holds a lock the call needs.
    static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED`: a lock held by this connection (or a shared cache) conflicts.
    static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
    /// `SQLITE_READONLY`: a write to a database that may only be read.
    static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_IOERR`: the operating system reported a read or write error.
    static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT`: the database file is damaged.
    static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL`: the disk is full.
    static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN`: a file could not be opened.
    static let cannotOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_NOTADB`: the file is not a database.
    static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)
    /// `SQLITE_CONSTRAINT_UNIQUE` (a macro Swift does not import): a UNIQUE index was violated.
    static let constraintUnique = SQLiteResultCode(rawValue: 2067)
    /// `SQLITE_READONLY_DBMOVED` (a macro Swift does not import): the database file was removed
    /// or renamed since it was opened.
    static let readOnlyDatabaseMoved = SQLiteResultCode(rawValue: 1032)

    /// Whether `code` is `pattern`, or of its family when `pattern` is a primary code.
    static func ~= (pattern: SQLiteResultCode, code: SQLiteResultCode) -> Bool {
        pattern.isPrimary ? pattern == code.primary : pattern == code
    }

    /// Whether `error` is an ``SQLiteError`` whose code `pattern` matches, for `catch` clauses.
    static func ~= (pattern: SQLiteResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.code
    }
}
