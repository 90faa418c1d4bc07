import Foundation

extension SQLiteStore {
    /// SQLite's `PRAGMA data_version` on this store's connection: it changes whenever another
    /// connection (another coordinator, another process) has committed to the database since
    /// it was last read, and never for this store's own commits.
    /// - Throws: ``SQLiteError``.
    func dataVersion() throws -> Int64 {
        try withConnection { connection in try connection.scalar("PRAGMA data_version") ?? 0 }
    }
}
