import Foundation

extension SQLiteStore {
    /// The lines of `PRAGMA integrity_check` other than `ok`.
    /// - Throws: ``SQLiteError``.
    func integrityProblems() throws -> [String] {
        try withConnection { connection in
            let statement = try connection.statement("PRAGMA integrity_check")
            defer { statement.reset() }
            var lines: [String] = []
            while try statement.step() { lines.append(statement.text(0)) }
            return lines == ["ok"] ? [] : lines
        }
    }

    /// Every blob hash any row refers to, in every table and hash column.
    /// - Throws: ``SQLiteError``.
    func referencedBlobHashes(connection: SQLiteConnection) throws -> Set<String> {
        var hashes = Set<String>()
        var seen = Set<String>()
        for layout in schema.layouts.values {
            for column in layout.blobHashColumns.compactMap({ $0 })
            where seen.insert("\(layout.table).\(column)").inserted {
                let statement = try connection.statement(
                    "SELECT DISTINCT \(quote(column)) FROM \(quote(layout.table)) WHERE \(quote(column)) IS NOT NULL")
                defer { statement.reset() }
                while try statement.step() { hashes.insert(statement.text(0)) }
            }
        }
        return hashes
    }
}
