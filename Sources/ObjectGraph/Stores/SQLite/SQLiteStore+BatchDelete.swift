internal import CSQLite
import Foundation

// Batch deletes in SQL: the rows never become objects. Without cascade or deny rules on the
// entities involved, one `DELETE … RETURNING` does it (bench: objectgraph/batch-delete-100k);
// otherwise the keys are read first, the rules followed table by table, then the rows deleted by key.
// Nullify and no action need nothing here: every to-one column is `ON DELETE SET NULL` and every
// join table row `ON DELETE CASCADE`.

extension SQLiteStore {
    func batchDelete(
        _ request: StoreFetch, collectsIDs: Bool, author: String?,
        contextName: String?
    ) throws -> (count: Int, ids: [ObjectID]) {
        guard let layout = schema.layouts[request.entity.name] else { return (0, []) }
        var plain = request
        plain.sortOrderings = []
        plain.limit = nil
        plain.offset = 0
        let (whereSQL, bindings) = try whereClause(for: plain, layout: layout)
        return try withConnection { connection in
            // The history names every row deleted (cascaded ones too), so they are read back.
            var deletion = BatchDeletion(
                store: self, connection: connection,
                collectsIDs: collectsIDs || recordsPersistentHistory)
            try writeTransaction(connection) {
                if plain.entityNames.contains(where: followsRules(from:)) {
                    let statement = try connection.statement(
                        "SELECT t0.\"Z_PK\" FROM \(quote(layout.table)) AS t0" + whereSQL)
                    defer { statement.reset() }
                    for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
                    var keys: [Int64] = []
                    while try statement.step() { keys.append(statement.int64(0)) }
                    statement.reset()
                    try deletion.delete(keys, table: layout.table)
                } else {
                    try deletion.run(
                        "DELETE FROM \(quote(layout.table)) AS t0" + whereSQL, table: layout.table, bindings: bindings)
                }
                if recordsPersistentHistory && !deletion.deleted.isEmpty {
                    var changes = StoreChanges()
                    changes.author = author
                    changes.contextName = contextName
                    changes.deleted = deletion.deleted
                    try recordHistory(
                        of: changes, insertedKeys: [], tombstones: deletion.tombstones, connection: connection)
                }
            }
            if let blobStore, !deletion.released.isEmpty {
                // Best effort, as after a save: the delete has succeeded; a file left here is swept later.
                try? writeTransaction(connection) {
                    for hash in deletion.released where try referenceCount(of: hash, connection: connection) == 0 {
                        try? blobStore.remove(sha256: hash)
                    }
                }
            }
            return (deletion.count, deletion.deleted)
        }
    }

    /// Whether entity `name` has a relationship whose delete rule a batch delete must follow itself.
    func followsRules(from name: String) -> Bool {
        model.entity(named: name)?.allRelationships.contains { $0.deleteRule == .cascade || $0.deleteRule == .deny }
            ?? false
    }
}

/// One batch delete under way: the rows deleted so far (by table, so a cascade cycle ends) and
/// the blob hashes they referred to.
private struct BatchDeletion {
    let store: SQLiteStore
    let connection: SQLiteConnection
    /// Whether the IDs of the deleted rows are wanted (reading them back costs about a third of the delete).
    let collectsIDs: Bool
    var count = 0
    var deleted: [ObjectID] = []
    var released = Set<String>()
    /// The tombstones of the deleted rows whose entities keep values on deletion (read when IDs are).
    var tombstones: [ObjectID: PersistentHistoryTombstone] = [:]
    var visited: [String: Set<Int64>] = [:]

    init(store: SQLiteStore, connection: SQLiteConnection, collectsIDs: Bool) {
        self.store = store
        self.connection = connection
        self.collectsIDs = collectsIDs
    }

    /// The blob hash columns of `table` (every entity stored in it).
    private func hashColumns(of table: String) -> [String] {
        var columns = Set<String>()
        for layout in store.schema.layouts.values where layout.table == table {
            columns.formUnion(layout.blobHashColumns.compactMap { $0 })
        }
        return columns.sorted()
    }

    /// The columns of `table` holding attributes some entity stored in it keeps on deletion.
    private func tombstoneColumns(of table: String) -> [String] {
        var columns = Set<String>()
        for (name, layout) in store.schema.layouts where layout.table == table {
            guard let entity = store.model.entity(named: name) else { continue }
            for (index, attribute) in entity.allAttributes.enumerated()
            where attribute.preservesValueInHistoryOnDeletion {
                if let column = layout.attributeColumns[index] { columns.insert(column) }
            }
        }
        return columns.sorted()
    }

    /// Runs a `DELETE` of `table`'s rows, noting each deleted row, the blobs it referred to and,
    /// when IDs are collected, its tombstone.
    mutating func run(_ delete: String, table: String, bindings: [PredicateValue]) throws {
        let hashes = hashColumns(of: table)
        let kept = collectsIDs ? tombstoneColumns(of: table) : []
        guard collectsIDs || !hashes.isEmpty else {
            // bench: objectgraph/batch-delete-100k (nothing to read back: a plain DELETE)
            let statement = try connection.statement(delete)
            defer { statement.reset() }
            for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            try statement.run()
            count += Int(connection.changes)
            return
        }
        let sql = delete + " RETURNING \"Z_PK\", \"Z_ENT\"" + (hashes + kept).map { ", " + quote($0) }.joined()
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        while try statement.step() {
            guard let name = store.schema.entityNamesByNumber[statement.int64(1)] else { continue }
            count += 1
            if collectsIDs {
                let id = ObjectID.permanent(
                    entityName: name, storeIdentifier: store.identifier, primaryKey: statement.int64(0))
                deleted.append(id)
                if !kept.isEmpty, let entity = store.model.entity(named: name),
                    let layout = store.schema.layout(of: entity)
                {
                    tombstones[id] = PersistentHistoryTombstone.of(entity) { index in
                        guard let column = layout.attributeColumns[index], let position = kept.firstIndex(of: column)
                        else { return nil }
                        return statement.value(
                            Int32(2 + hashes.count + position), type: entity.allAttributes[index].type)
                    }
                }
            }
            for column in hashes.indices where !statement.isNull(Int32(column + 2)) {
                released.insert(statement.text(Int32(column + 2)))
            }
        }
    }

    /// Deletes the rows `keys` of `table` after following their cascade and deny rules.
    /// - Throws: ``ObjectGraphError/validationFailed(_:)`` for a row a deny rule keeps.
    mutating func delete(_ keys: [Int64], table: String) throws {
        let fresh = keys.filter { visited[table, default: []].insert($0).inserted }
        guard !fresh.isEmpty else { return }
        let json = SQLiteStore.jsonArray(fresh)
        // The rows by entity: sub-entities may add relationships.
        var byEntity: [Int64: [Int64]] = [:]
        let kinds = try connection.statement(
            "SELECT \"Z_PK\", \"Z_ENT\" FROM \(quote(table)) WHERE \"Z_PK\" IN (SELECT value FROM json_each(?))")
        try kinds.bind(json, at: 1)
        while try kinds.step() { byEntity[kinds.int64(1), default: []].append(kinds.int64(0)) }
        kinds.reset()
        for (number, owners) in byEntity.sorted(by: { $0.key < $1.key }) {
            guard let name = store.schema.entityNamesByNumber[number], let entity = store.model.entity(named: name),
                let layout = store.schema.layout(of: entity)
            else { continue }
            for (index, relationship) in entity.allRelationships.enumerated()
            where relationship.deleteRule == .cascade || relationship.deleteRule == .deny {
                let (destinationTable, destinations) = try destinationKeys(
                    of: owners, entity: entity, layout: layout,
                    relationshipAt: index)
                guard let destinationTable, !destinations.isEmpty else { continue }
                if relationship.deleteRule == .deny {
                    let owner = ObjectID.permanent(
                        entityName: name, storeIdentifier: store.identifier, primaryKey: owners[0])
                    throw ObjectGraphError.validationFailed([
                        .deniedBatchDelete(of: owner, relationship: relationship.name)
                    ])
                }
                try delete(destinations, table: destinationTable)
            }
        }
        try run(
            "DELETE FROM \(quote(table)) WHERE \"Z_PK\" IN (SELECT value FROM json_each(?))", table: table,
            bindings: [.string(json)])
    }

    /// The table and keys of the destinations of relationship `index` of the rows `owners` of `entity`.
    private func destinationKeys(
        of owners: [Int64], entity: EntityDescription, layout: SQLiteSchema.EntityLayout,
        relationshipAt index: Int
    ) throws -> (String?, [Int64]) {
        let relationship = entity.allRelationships[index]
        let sql: String
        let destinationTable: String
        if relationship.isToMany {
            guard let link = store.ownerLink(of: relationship, in: entity) else { return (nil, []) }
            destinationTable = link.layout.table
            sql = "SELECT t0.\"Z_PK\" FROM \(link.destinations) WHERE \(link.ownerIsAnyOfBoundKeys)"
        } else {
            guard let column = layout.toOneColumns[index],
                let destination = store.model.entity(named: relationship.destination),
                let destinationLayout = store.schema.layout(of: destination)
            else { return (nil, []) }
            destinationTable = destinationLayout.table
            sql =
                "SELECT \(quote(column)) FROM \(quote(layout.table)) WHERE \"Z_PK\" IN (SELECT value FROM json_each(?))"
                + " AND \(quote(column)) IS NOT NULL"
        }
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        try statement.bind(SQLiteStore.jsonArray(owners), at: 1)
        var keys: [Int64] = []
        while try statement.step() { keys.append(statement.int64(0)) }
        return (destinationTable, keys)
    }
}
