internal import CSQLite

/// The families of store failure a caller handles differently, named by the store so that no
/// layer above it compares SQLite's result codes.
public enum StoreFailure: Sendable, Hashable {
    /// Another connection held the lock past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy
    /// The files may be read but not written (`SQLITE_READONLY` and its extended codes).
    case readOnly
    /// The database file is damaged or is no database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    case corrupt
    /// Reading or writing the files failed, the disk is full, or a file cannot be opened
    /// (`SQLITE_IOERR`, `SQLITE_FULL`, `SQLITE_CANTOPEN`).
    case io
}

extension SQLiteError {
    /// The family this error belongs to, matched on its primary code (so every extended code
    /// counts with it); nil for failures of another kind (a constraint, a misuse).
    public var failure: StoreFailure? {
        switch resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_READONLY: .readOnly
        case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN: .io
        default: nil
        }
    }
}
