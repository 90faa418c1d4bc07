internal import CSQLite
import Foundation

// Reads for sorting by key paths, batched faults and prefetching. Many keys travel as one
// bound JSON array (`IN (SELECT value FROM json_each(?))`): one statement, whatever the count.

extension SQLiteStore: QueryingRowStore {
    /// ` ORDER BY …` for the request's sort orderings (empty without any).
    func orderClause(for request: StoreFetch) throws -> String {
        guard !request.sortOrderings.isEmpty else { return "" }
        let terms = try request.sortOrderings.map { ordering in
            try ordering.sqlOrderTerm(entityName: request.entity.name, alias: "t0", schema: self)
        }
        return " ORDER BY " + terms.joined(separator: ", ")
    }

    func fetchIDs(_ request: StoreFetch) throws -> [ObjectID] {
        guard let layout = schema.layouts[request.entity.name] else { return [] }
        let (whereSQL, bindings) = try whereClause(for: request, layout: layout)
        var sql = "SELECT t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(quote(layout.table)) AS t0" + whereSQL + (try orderClause(for: request))
        let paged = request.limit != nil || request.offset > 0
        if paged { sql += " LIMIT ? OFFSET ?" }
        return try withConnection { connection in
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            if paged {
                try statement.bind(Int64(request.limit ?? -1), at: Int32(bindings.count + 1))
                try statement.bind(Int64(request.offset), at: Int32(bindings.count + 2))
            }
            var ids: [ObjectID] = []
            while try statement.step() {
                guard let name = schema.entityNamesByNumber[statement.int64(1)] else { continue }
                ids.append(.permanent(entityName: name, storeIdentifier: identifier, primaryKey: statement.int64(0)))
            }
            return ids
        }
    }

    func rows(for ids: [ObjectID]) throws -> [StoreRow] {
        var keysByTable: [String: [Int64]] = [:]
        for id in ids {
            guard let key = id.primaryKey, let layout = schema.layouts[id.entityName] else { continue }
            keysByTable[layout.table, default: []].append(key)
        }
        return try withConnection { connection in
            var rows: [StoreRow] = []
            rows.reserveCapacity(ids.count)
            for (name, keys) in keysByTable.sorted(by: { $0.key < $1.key }) {
                guard let table = schema.tables[name] else { continue }
                let statement = try connection.statement(table.selectSQL + " WHERE t0.\"Z_PK\" IN (SELECT value FROM json_each(?))")
                defer { statement.reset() }
                try statement.bind(Self.jsonArray(keys), at: 1)
                while try statement.step() {
                    if let row = try decodeRow(statement, table: table, connection: connection) { rows.append(row) }
                }
            }
            return rows
        }
    }

    func destinationRows(of owners: [Int64], entity: EntityDescription, relationship: RelationshipDescription,
                         defersBinaryValues: Bool) throws -> [(owner: Int64, row: StoreRow)] {
        guard !owners.isEmpty, let link = ownerLink(of: relationship, in: entity),
              let table = schema.tables[link.layout.table] else { return [] }
        // The owner's key is read from one column past the row's own.
        let ownerPosition = Int32(table.selectedColumns.count)
        let sql = "SELECT \(table.selectList), \(link.ownerColumn) FROM \(link.destinations)"
            + " WHERE \(link.ownerIsAnyOfBoundKeys) ORDER BY t0.\"Z_PK\""
        var result: [(owner: Int64, row: StoreRow)] = []
        var decoder = SQLiteRowDecoder(store: self, table: table, defersBinaryValues: defersBinaryValues)
        try forEachRow(sql, owners: owners) { statement, connection in
            try decoder.decode(statement, connection: connection) { row in
                result.append((statement.int64(ownerPosition), row))
            }
        }
        return result
    }

    func destinationIDs(of owners: [Int64], entity: EntityDescription,
                        relationship: RelationshipDescription) throws -> [(owner: Int64, destination: ObjectID)] {
        guard !owners.isEmpty, let link = ownerLink(of: relationship, in: entity) else { return [] }
        let sql = "SELECT \(link.ownerColumn), t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(link.destinations)"
            + " WHERE \(link.ownerIsAnyOfBoundKeys) ORDER BY t0.\"Z_PK\""
        var pairs: [(owner: Int64, destination: ObjectID)] = []
        try forEachRow(sql, owners: owners) { statement, _ in
            guard let name = schema.entityNamesByNumber[statement.int64(2)] else { return }
            pairs.append((statement.int64(0), .permanent(entityName: name, storeIdentifier: identifier,
                                                         primaryKey: statement.int64(1))))
        }
        return pairs
    }

    func storedValue(ofAttributeAt index: Int, of id: ObjectID) throws -> StoredValue? {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName),
              let layout = schema.layout(of: entity), index < layout.attributeColumns.count,
              let column = layout.attributeColumns[index] else { return nil }
        return try withConnection { connection in
            let statement = try connection.statement("SELECT \(quote(column)) FROM \(quote(layout.table)) WHERE \"Z_PK\" = ?")
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            guard try statement.step() else { return nil }
            return statement.value(0, type: entity.attributeTypes[index])
        }
    }

    func destinationCounts(of owners: [Int64], entity: EntityDescription,
                           relationship: RelationshipDescription) throws -> [Int64: Int] {
        guard !owners.isEmpty, let link = ownerLink(of: relationship, in: entity) else { return [:] }
        let sql = "SELECT \(link.ownerColumn), count(*) FROM \(link.memberships) WHERE \(link.ownerIsAnyOfBoundKeys) GROUP BY 1"
        var counts: [Int64: Int] = [:]
        try forEachRow(sql, owners: owners) { statement, _ in counts[statement.int64(0)] = Int(statement.int64(1)) }
        return counts
    }

    /// Runs `sql`, whose one parameter is the owners' keys (read with `json_each`), and calls
    /// `body` for each row under the store's lock.
    private func forEachRow(_ sql: String, owners: [Int64],
                            _ body: (SQLiteStatement, SQLiteConnection) throws -> Void) throws {
        try withConnection { connection in
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            try statement.bind(Self.jsonArray(owners), at: 1)
            while try statement.step() { try body(statement, connection) }
        }
    }

    /// `[1,2,3]`, for `json_each`.
    static func jsonArray(_ keys: [Int64]) -> String {
        var text = "["
        text.reserveCapacity(2 + keys.count * 8)
        for (index, key) in keys.enumerated() {
            if index > 0 { text.append(",") }
            text.append(String(key))
        }
        text.append("]")
        return text
    }
}
