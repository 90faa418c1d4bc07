import Foundation

extension SQLiteStore {
    /// Brings a store written with another model to `model`: when every change is lightweight,
    /// makes a backup copy of the store (`<file>.backup-<old hash prefix>`, WAL content
    /// included; 0600, and for an encrypted store encrypted under the same key `key` names, so
    /// no migration leaves a plaintext copy of a private store), then rebuilds the tables in one transaction with
    /// foreign keys off, checks them with `PRAGMA foreign_key_check` and records the new model. A store of `model`
    /// that does not yet keep its model's description gets it written.
    /// Returns the metadata the store now has.
    /// - Throws: ``MigrationError`` (incompatible changes, duplicates under a new uniqueness
    ///   constraint, a failed backup or integrity check) and
    /// ``StoreError/modelMismatch(storeHash:modelHash:differences:)``   for a store that keeps no model description; in
    /// every case the store is left as it was.
    static func migrateIfNeeded(
        _ connection: SQLiteConnection, url: URL, metadata: StoreMetadata,
        schema: SQLiteSchema, model: ManagedObjectModel,
        key: StoreCipher.KeyHandle?
    ) throws -> StoreMetadata {
        guard let (difference, storedModel) = try metadata.migration(to: model, path: url.path) else {
            guard metadata.modelDescription == nil else { return metadata }
            let described = metadata.migrated(to: model)
            try connection.transaction { try writeMetadata(described, to: connection) }
            return described
        }
        let plan = SQLiteMigrationPlan(
            oldModel: storedModel, newModel: model,
            newSchema: schema, difference: difference)
        // VACUUM INTO reads through the connection, so the copy includes what the WAL holds; an
        // encrypted store's copy is written through the encrypting VFS (the connection's reserve,
        // set when it opened, gives the copy's pages room for their tags). The empty file made first
        // gives the copy its private mode, which SQLite keeps.
        let backup = try metadata.makeBackup(of: url) { temporary in
            try PrivateFileModes.createFileIfMissing(atPath: temporary.path)
            let target =
                key.map { SQLiteConnection.uri(temporary.path, ["vfs=\(StoreCipher.vfsName)", "pdkey=\($0.number)"]) }
                ?? temporary.path
            try connection.execute("VACUUM INTO '\(target.replacingOccurrences(of: "'", with: "''"))'")
        }
        let migrated = metadata.migrated(to: model)
        do {
            try connection.execute("PRAGMA foreign_keys = OFF")
            defer { try? connection.execute("PRAGMA foreign_keys = ON") }
            try connection.transaction {
                // Another process may have migrated the store since this one read its metadata.
                let current = try storedValue("modelVersionHash", connection)
                guard current == metadata.modelVersionHash else {
                    guard current == model.versionHash else {
                        throw StoreError.modelMismatch(
                            storeHash: current ?? "?", modelHash: model.versionHash, differences: [])
                    }
                    return
                }
                try plan.run(on: connection)
                try migrateHistory(connection, difference: difference, model: model)
                let problems = try foreignKeyProblems(connection)
                guard problems.isEmpty else {
                    throw MigrationError.integrityCheckFailed(path: url.path, problems: problems)
                }
                try writeMetadata(migrated, to: connection)
            }
        } catch {
            // The store is unchanged, so the copy is not needed.
            try? FileManager.default.removeItem(at: backup)
            throw error
        }
        return migrated
    }

    /// Writes (or replaces) every metadata entry.
    /// - Throws: ``SQLiteError``; ``StoreFailure/io(path:reason:)`` when the description cannot be encoded.
    static func writeMetadata(_ metadata: StoreMetadata, to connection: SQLiteConnection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var entries = [
            ("storeIdentifier", metadata.storeIdentifier.uuidString),
            ("modelVersionHash", metadata.modelVersionHash)
        ]
        do {
            entries.append(
                (
                    "entityVersionHashes",
                    String(decoding: try encoder.encode(metadata.entityVersionHashes), as: UTF8.self)
                ))
            if let previous = metadata.previousModelVersionHashes {
                entries.append(
                    ("previousModelVersionHashes", String(decoding: try encoder.encode(previous), as: UTF8.self)))
            }
            if let description = metadata.modelDescription {
                entries.append(("modelDescription", String(decoding: try encoder.encode(description), as: UTF8.self)))
            }
        } catch {
            throw StoreFailure.io(path: "metadata", reason: "the model description could not be encoded: \(error)")
        }
        let insert = try connection.statement(
            "INSERT OR REPLACE INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?)")
        for (key, value) in entries {
            insert.reset()
            try insert.bind(key, at: 1)
            try insert.bind(value, at: 2)
            try insert.run()
        }
    }

    /// The model description stored in `values`, or nil.
    static func modelDescription(in values: [String: String]) -> ModelDescription? {
        values["modelDescription"].flatMap { try? JSONDecoder().decode(ModelDescription.self, from: Data($0.utf8)) }
    }

    static func storedValue(_ key: String, _ connection: SQLiteConnection) throws -> String? {
        let statement = try connection.statement("SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = ?")
        defer { statement.reset() }
        try statement.bind(key, at: 1)
        return try statement.step() ? statement.text(0) : nil
    }

    /// Up to ten rows `PRAGMA foreign_key_check` reports, in words.
    private static func foreignKeyProblems(_ connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.statement("PRAGMA foreign_key_check")
        defer { connection.forget("PRAGMA foreign_key_check") }
        var problems: [String] = []
        while try statement.step(), problems.count < 10 {
            problems.append("\(statement.text(0)) row \(statement.int64(1)) points at a missing \(statement.text(2))")
        }
        return problems
    }
}
