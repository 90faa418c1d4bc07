internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Writes one save in one `BEGIN IMMEDIATE` transaction: the staged blobs are committed
    /// (renamed into place, fsynced) first, then the rows. After the commit, in a second write
    /// transaction so no other process's save can slip in between the count and the removal,
    /// blob files whose last reference went away are removed. Writers wait for each other
    /// (``writeTransaction(_:_:)``). Optimistic locking: an updated or deleted row must still have
    /// the version the context read, else the transaction is rolled back and ``RowConflicts``
    /// names every such row.
    func save(_ changes: StoreChanges) throws -> [Int64] {
        try withConnection { connection in
            let (insertedKeys, released): ([Int64], Set<String>)
            do {
                (insertedKeys, released) = try writeTransaction(connection) {
                    try changes.commitStagedBlobs(to: blobStore)
                    let tombstones =
                        recordsPersistentHistory ? try tombstones(of: changes.deleted, connection: connection) : [:]
                    let written = try write(changes, connection: connection)
                    if recordsPersistentHistory {
                        try recordHistory(
                            of: changes, insertedKeys: written.0, tombstones: tombstones, connection: connection)
                    }
                    if let checked = connection.schemaFingerprintToRecord {
                        try Self.recordSchemaFingerprint(connection, model: model, ifStill: checked)
                    }
                    return written
                }
                connection.schemaFingerprintToRecord = nil
            } catch let error as SQLiteError where SQLiteResultCode.constraintUnique ~= error.code {
                throw uniquenessError(error)
            }
            if let blobStore, !released.isEmpty {
                // Best effort: the save has succeeded; a file left here is swept later.
                try? writeTransaction(connection) {
                    for hash in released where try referenceCount(of: hash, connection: connection) == 0 {
                        try? blobStore.remove(sha256: hash)
                    }
                }
            }
            return insertedKeys
        }
    }

    /// The tombstones of the rows `deleted` names, read before they are deleted: the values of
    /// the attributes their entities keep on deletion.
    func tombstones(
        of deleted: [ObjectID], connection: SQLiteConnection
    ) throws -> [ObjectID: PersistentHistoryTombstone] {
        var tombstones: [ObjectID: PersistentHistoryTombstone] = [:]
        for id in deleted {
            guard let entity = model.entity(named: id.entityName), PersistentHistoryTombstone.isKept(by: entity),
                let layout = schema.layout(of: entity), let key = id.primaryKey
            else { continue }
            let kept = entity.allAttributes.indices.filter {
                entity.allAttributes[$0].preservesValueInHistoryOnDeletion
            }
            let columns = kept.compactMap { layout.attributeColumns[$0].map(quote) }
            guard columns.count == kept.count else { continue }
            let statement = try connection.statement(
                "SELECT \(columns.joined(separator: ", ")) FROM \(quote(layout.table))"
                    + " WHERE \"Z_PK\" = ?")
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            guard try statement.step() else { continue }
            tombstones[id] = PersistentHistoryTombstone.of(entity) { index in
                kept.firstIndex(of: index).map { statement.value(Int32($0), type: entity.allAttributes[index].type) }
            }
        }
        return tombstones
    }

    private func write(
        _ changes: StoreChanges,
        connection: SQLiteConnection
    ) throws -> ([Int64], Set<String>) {
        var insertedKeys: [Int64] = []
        insertedKeys.reserveCapacity(changes.inserted.count)
        var lastKeys: [Int64: Int64] = [:]
        for row in changes.inserted {
            let root = row.entity.rootEntityNumber
            let last = try lastKeys[root] ?? lastPrimaryKey(of: row.entity.rootName, connection: connection)
            lastKeys[root] = last + 1
            insertedKeys.append(last + 1)
        }
        try recordLastPrimaryKeys(lastKeys, connection: connection)
        let key = changes.keyResolver(insertedKeys: insertedKeys)

        var released = Set<String>()
        var conflicts: [ObjectID] = []
        // The statement is looked up again only when the entity changes from one row to the next.
        var current: (entity: EntityDescription, layout: SQLiteSchema.EntityLayout, statement: SQLiteStatement)?
        for index in changes.inserted.indices {
            if current?.entity !== changes.inserted[index].entity {
                let entity = changes.inserted[index].entity
                guard let layout = schema.layout(of: entity) else { continue }
                current = (entity, layout, try connection.statement(layout.insertSQL))
            }
            guard let (entity, layout, statement) = current else { continue }
            try statement.bind(insertedKeys[index], at: 1)
            try statement.bind(entity.entityNumber, at: 2)
            try statement.bind(changes.inserted[index].version, at: 3)
            try bindValues(of: changes.inserted[index], layout: layout, to: statement, from: 4, key: key)
            try statement.run()
            statement.reset()
        }
        var updating: (layout: SQLiteSchema.EntityLayout, statement: SQLiteStatement)?
        for row in changes.updated {
            guard let layout = schema.layout(of: row.entity), let primaryKey = row.objectID.primaryKey else { continue }
            released.formUnion(try blobHashes(of: primaryKey, layout: layout, connection: connection))
            // Looked up again only when the entity changes (rows come sorted by entity hierarchy and key).
            if updating?.layout !== layout {
                updating = (layout, try connection.statement(layout.updateSQL))
            } else {
                updating?.statement.reset()
            }
            guard let statement = updating?.statement else { continue }
            try statement.bind(row.version, at: 1)
            let next = try bindValues(of: row, layout: layout, to: statement, from: 2, key: key)
            try statement.bind(primaryKey, at: next)
            // Optimistic locking: only the version this context read may be overwritten.
            try statement.bind(row.version - 1, at: next + 1)
            try statement.run()
            if connection.changes != 1 { conflicts.append(row.objectID) }
        }
        for id in changes.deleted {
            guard let layout = schema.layouts[id.entityName], let primaryKey = id.primaryKey else { continue }
            released.formUnion(try blobHashes(of: primaryKey, layout: layout, connection: connection))
            guard let version = changes.deletedVersions[id] else {
                let statement = try connection.statement("DELETE FROM \(quote(layout.table)) WHERE \"Z_PK\" = ?")
                try statement.bind(primaryKey, at: 1)
                try statement.run()
                continue
            }
            let statement = try connection.statement(
                "DELETE FROM \(quote(layout.table)) WHERE \"Z_PK\" = ? AND \"Z_OPT\" = ?")
            try statement.bind(primaryKey, at: 1)
            try statement.bind(version, at: 2)
            try statement.run()
            // A row already gone is what this delete wanted; one changed since it was read is a conflict.
            if connection.changes == 0,
                try connection.scalar(
                    "SELECT count(*) FROM \(quote(layout.table)) WHERE \"Z_PK\" = ?",
                    [.integer(primaryKey)]) == 1
            {
                conflicts.append(id)
            }
        }
        guard conflicts.isEmpty else { throw RowConflicts(objectIDs: conflicts) }
        for membership in changes.joinMemberships {
            guard let entity = model.entity(named: membership.entityName),
                let relationship = entity.relationship(named: membership.relationship),
                case .joinTable(let name, _) = model.storage(of: relationship, in: entity),
                let source = key(membership.source)
            else { continue }
            let clear = try connection.statement("DELETE FROM \(quote(name)) WHERE \"source\" = ?")
            try clear.bind(source, at: 1)
            try clear.run()
            let insert = try connection.statement(
                "INSERT OR IGNORE INTO \(quote(name)) (\"source\", \"destination\") VALUES (?, ?)")
            for member in membership.members {
                guard let destination = key(member) else { continue }
                insert.reset()
                try insert.bind(source, at: 1)
                try insert.bind(destination, at: 2)
                try insert.run()
            }
        }
        try writePositions(of: changes.orderedMemberships, connection: connection, key: key)
        return (insertedKeys, released)
    }

    /// Replaces the stored positions of each ordered membership's source with its members' order.
    private func writePositions(
        of memberships: [JoinMembership], connection: SQLiteConnection,
        key: (ObjectID?) -> Int64?
    ) throws {
        for membership in memberships {
            guard let entity = model.entity(named: membership.entityName),
                let relationship = entity.relationship(named: membership.relationship),
                let table = model.orderName(of: relationship, in: entity), schema.orderTables[table] != nil,
                let source = key(membership.source)
            else { continue }
            let clear = try connection.statement("DELETE FROM \(quote(table)) WHERE \"source\" = ?")
            try clear.bind(source, at: 1)
            try clear.run()
            let insert = try connection.statement(
                "INSERT OR REPLACE INTO \(quote(table)) (\"source\", \"destination\", \"position\")"
                    + " VALUES (?, ?, ?)")
            for (position, member) in membership.members.enumerated() {
                guard let destination = key(member) else { continue }
                insert.reset()
                try insert.bind(source, at: 1)
                try insert.bind(destination, at: 2)
                try insert.bind(Int64(position), at: 3)
                try insert.run()
            }
        }
    }

    /// Binds a row's values in the layout's write order from parameter `start`; returns the next parameter.
    @discardableResult
    private func bindValues(
        of row: StoreRow, layout: SQLiteSchema.EntityLayout, to statement: SQLiteStatement,
        from start: Int32, key: (ObjectID?) -> Int64?
    ) throws -> Int32 {
        var position = start
        for column in layout.writeColumns {
            switch column {
            case .attribute(let index):
                try statement.bind(row.attributes[index], at: position)
            case .blobHash(let index):
                try statement.bind(row.attributes[index].externalReference?.sha256, at: position)
            case .blobSize(let index):
                try statement.bind(row.attributes[index].externalReference?.byteCount, at: position)
            case .toOne(let index):
                try statement.bind(index < row.toOne.count ? key(row.toOne[index]) : nil, at: position)
            }
            position += 1
        }
        return position
    }

    /// The blob hashes row `primaryKey` refers to now (before it is changed or deleted).
    private func blobHashes(
        of primaryKey: Int64, layout: SQLiteSchema.EntityLayout,
        connection: SQLiteConnection
    ) throws -> [String] {
        let columns = layout.blobHashColumns.compactMap { $0 }
        guard !columns.isEmpty else { return [] }
        let statement = try connection.statement(
            "SELECT \(columns.map(quote).joined(separator: ", ")) FROM \(quote(layout.table))"
                + " WHERE \"Z_PK\" = ?")
        defer { statement.reset() }
        try statement.bind(primaryKey, at: 1)
        guard try statement.step() else { return [] }
        return columns.indices.compactMap { statement.isNull(Int32($0)) ? nil : statement.text(Int32($0)) }
    }

    /// Every blob hash some row refers to, over every hash column.
    func referencedBlobHashes() throws -> Set<String> {
        try withConnection { try referencedBlobHashes(connection: $0) }
    }

    /// How many rows, in every table and hash column, refer to blob `hash`.
    func referenceCount(of hash: String, connection: SQLiteConnection) throws -> Int64 {
        var total: Int64 = 0
        var seen = Set<String>()
        for layout in schema.layouts.values {
            for column in layout.blobHashColumns.compactMap({ $0 })
            where seen.insert("\(layout.table).\(column)").inserted {
                total +=
                    try connection.scalar(
                        "SELECT count(*) FROM \(quote(layout.table)) WHERE \(quote(column)) = ?",
                        [.string(hash)]) ?? 0
            }
        }
        return total
    }

    /// `UNIQUE constraint failed: Tag.name, Tag.other` as a uniqueness error naming entity and keys.
    func uniquenessError(_ error: SQLiteError) -> any Error {
        guard let range = error.message.range(of: "failed: ") else { return error }
        let columns = error.message[range.upperBound...].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let table = columns.first.map { String($0.prefix { $0 != "." }) } ?? "?"
        let keys = columns.map { String($0.split(separator: ".").last ?? "") }
        return ObjectGraphError.uniquenessViolation(entity: table, keys: keys)
    }

    /// The metadata key remembering the highest primary key ever given in a root entity's table.
    private func lastPrimaryKeyMetadataKey(_ rootName: String) -> String { "lastPrimaryKey.\(rootName)" }

    /// The highest primary key ever given in `rootName`'s table: never less than the rows
    /// there, and never lowered by deletes, so a deleted object's key (an entry's `#42`) is
    /// never given to a new one.
    private func lastPrimaryKey(of rootName: String, connection: SQLiteConnection) throws -> Int64 {
        let inTable = try connection.scalar("SELECT coalesce(max(\"Z_PK\"), 0) FROM \(quote(rootName))") ?? 0
        let remembered =
            try connection.scalar(
                "SELECT CAST(\"value\" AS INTEGER) FROM \"Z_METADATA\" WHERE \"key\" = ?",
                [.string(lastPrimaryKeyMetadataKey(rootName))]) ?? 0
        return max(inTable, remembered)
    }

    /// Remembers the highest primary keys given by this save, inside its transaction.
    private func recordLastPrimaryKeys(_ lastKeys: [Int64: Int64], connection: SQLiteConnection) throws {
        guard !lastKeys.isEmpty else { return }
        let upsert = try connection.statement(
            "INSERT INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?) "
                + "ON CONFLICT(\"key\") DO UPDATE SET \"value\" = excluded.\"value\"")
        for (root, last) in lastKeys {
            guard let rootName = model.entities.first(where: { $0.entityNumber == root })?.rootName else { continue }
            upsert.reset()
            try upsert.bind(lastPrimaryKeyMetadataKey(rootName), at: 1)
            try upsert.bind(String(last), at: 2)
            try upsert.run()
        }
    }
}
