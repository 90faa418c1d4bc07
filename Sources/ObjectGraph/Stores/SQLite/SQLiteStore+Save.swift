import CSQLite
import Foundation

extension SQLiteStore {
    /// Writes one save in one `BEGIN IMMEDIATE` transaction. Blob files are already committed
    /// by the context; after the commit, files whose last reference went away are removed.
    func save(_ changes: StoreChanges) throws -> [ObjectID: ObjectID] {
        let (permanentIDs, released) = try withConnection { connection in
            do {
                return try connection.transaction { try write(changes, connection: connection) }
            } catch let error as SQLiteError where error.extendedResultCode == SQLiteError.constraintUnique {
                throw uniquenessError(error)
            }
        }
        if let blobStore, !released.isEmpty {
            let unreferenced = try withConnection { connection in
                try released.filter { try referenceCount(of: $0, connection: connection) == 0 }
            }
            for hash in unreferenced { try? blobStore.remove(sha256: hash) }
        }
        return permanentIDs
    }

    private func write(_ changes: StoreChanges,
                       connection: SQLiteConnection) throws -> ([ObjectID: ObjectID], Set<String>) {
        var permanentIDs: [ObjectID: ObjectID] = [:]
        var lastKeys: [String: Int64] = [:]
        for row in changes.inserted {
            guard let layout = schema.layouts[row.objectID.entityName] else { continue }
            let last = try lastKeys[layout.table]
                ?? connection.scalar("SELECT coalesce(max(\"Z_PK\"), 0) FROM \(quote(layout.table))") ?? 0
            lastKeys[layout.table] = last + 1
            permanentIDs[row.objectID] = .permanent(entityName: row.objectID.entityName, storeIdentifier: identifier,
                                                    primaryKey: last + 1)
        }
        func key(_ id: ObjectID?) -> Int64? {
            guard let id else { return nil }
            return id.primaryKey ?? permanentIDs[id]?.primaryKey
        }

        var released = Set<String>()
        // Rows are written grouped by entity so each statement is bound many times in a row.
        for row in changes.inserted {
            guard let layout = schema.layouts[row.objectID.entityName], let entity = model.entity(named: row.objectID.entityName),
                  let primaryKey = permanentIDs[row.objectID]?.primaryKey else { continue }
            let statement = try connection.statement(layout.insertSQL)
            try statement.bind(primaryKey, at: 1)
            try statement.bind(entity.entityNumber, at: 2)
            try statement.bind(row.version, at: 3)
            try bindValues(of: row, layout: layout, to: statement, from: 4, key: key)
            try statement.run()
        }
        for row in changes.updated {
            guard let layout = schema.layouts[row.objectID.entityName], let primaryKey = row.objectID.primaryKey else { continue }
            released.formUnion(try blobHashes(of: primaryKey, layout: layout, connection: connection))
            let statement = try connection.statement(layout.updateSQL)
            try statement.bind(row.version, at: 1)
            let next = try bindValues(of: row, layout: layout, to: statement, from: 2, key: key)
            try statement.bind(primaryKey, at: next)
            try statement.run()
            guard connection.changes == 1 else { throw ObjectGraphError.objectNotFound(row.objectID) }
        }
        for id in changes.deleted {
            guard let layout = schema.layouts[id.entityName], let primaryKey = id.primaryKey else { continue }
            released.formUnion(try blobHashes(of: primaryKey, layout: layout, connection: connection))
            let statement = try connection.statement("DELETE FROM \(quote(layout.table)) WHERE \"Z_PK\" = ?")
            try statement.bind(primaryKey, at: 1)
            try statement.run()
        }
        for membership in changes.joinMemberships {
            guard let entity = model.entity(named: membership.entityName),
                  let relationship = entity.relationship(named: membership.relationship),
                  case .joinTable(let name, _) = model.storage(of: relationship, in: entity),
                  let source = key(membership.source) else { continue }
            let clear = try connection.statement("DELETE FROM \(quote(name)) WHERE \"source\" = ?")
            try clear.bind(source, at: 1)
            try clear.run()
            let insert = try connection.statement("INSERT OR IGNORE INTO \(quote(name)) (\"source\", \"destination\") VALUES (?, ?)")
            for member in membership.members {
                guard let destination = key(member) else { continue }
                insert.reset()
                try insert.bind(source, at: 1)
                try insert.bind(destination, at: 2)
                try insert.run()
            }
        }
        return (permanentIDs, released)
    }

    /// Binds a row's values in the layout's write order from parameter `start`; returns the next parameter.
    @discardableResult
    private func bindValues(of row: StoreRow, layout: SQLiteSchema.EntityLayout, to statement: SQLiteStatement,
                            from start: Int32, key: (ObjectID?) -> Int64?) throws -> Int32 {
        var position = start
        for column in layout.writeColumns {
            switch column {
            case .attribute(let index):
                try statement.bind(row.attributes[index], at: position)
            case .blobHash(let index):
                if case .blob(let reference) = row.attributes[index] { try statement.bind(reference.sha256, at: position) }
                else { try statement.bind(nil as String?, at: position) }
            case .blobSize(let index):
                if case .blob(let reference) = row.attributes[index] { try statement.bind(reference.byteCount, at: position) }
                else { try statement.bind(nil as Int64?, at: position) }
            case .toOne(let index):
                try statement.bind(index < row.toOne.count ? key(row.toOne[index]) : nil, at: position)
            }
            position += 1
        }
        return position
    }

    /// The blob hashes row `primaryKey` refers to now (before it is changed or deleted).
    private func blobHashes(of primaryKey: Int64, layout: SQLiteSchema.EntityLayout,
                            connection: SQLiteConnection) throws -> [String] {
        let columns = layout.blobHashColumns.compactMap { $0 }
        guard !columns.isEmpty else { return [] }
        let statement = try connection.statement("SELECT \(columns.map(quote).joined(separator: ", ")) FROM \(quote(layout.table))"
            + " WHERE \"Z_PK\" = ?")
        defer { statement.reset() }
        try statement.bind(primaryKey, at: 1)
        guard try statement.step() else { return [] }
        return columns.indices.compactMap { statement.isNull(Int32($0)) ? nil : statement.text(Int32($0)) }
    }

    /// How many rows, in every table and hash column, refer to blob `hash`.
    func referenceCount(of hash: String, connection: SQLiteConnection) throws -> Int64 {
        var total: Int64 = 0
        var seen = Set<String>()
        for layout in schema.layouts.values {
            for column in layout.blobHashColumns.compactMap({ $0 }) where seen.insert("\(layout.table).\(column)").inserted {
                total += try connection.scalar("SELECT count(*) FROM \(quote(layout.table)) WHERE \(quote(column)) = ?",
                                               [.string(hash)]) ?? 0
            }
        }
        return total
    }

    /// `UNIQUE constraint failed: Tag.name, Tag.other` as a uniqueness error naming entity and keys.
    private func uniquenessError(_ error: SQLiteError) -> any Error {
        guard let range = error.message.range(of: "failed: ") else { return error }
        let columns = error.message[range.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let table = columns.first.map { String($0.prefix { $0 != "." }) } ?? "?"
        let keys = columns.map { String($0.split(separator: ".").last ?? "") }
        return ObjectGraphError.uniquenessViolation(entity: table, keys: keys)
    }
}
