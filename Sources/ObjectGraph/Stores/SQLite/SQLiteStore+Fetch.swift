internal import CSQLite
import Foundation

// Fetches: the rows of a request, then the reads for sorting by key paths, batched faults and
// prefetching (``StoreBackend``'s batch reads).

extension SQLiteStore {
    func fetch(_ request: StoreFetch, _ visit: (inout StoreRow) throws -> Void) throws {
        guard let layout = schema.layouts[request.entity.name], let table = schema.tables[layout.table] else { return }
        let (whereSQL, bindings) = try whereClause(for: request, layout: layout)
        var sql = table.selectSQL + whereSQL + (try orderClause(for: request))
        if request.limit != nil || request.offset > 0 { sql += " LIMIT ? OFFSET ?" }
        try withConnection { connection in
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            var position: Int32 = 1
            for value in bindings { try statement.bind(value, at: position); position += 1 }
            if request.limit != nil || request.offset > 0 {
                try statement.bind(Int64(request.limit ?? -1), at: position)
                try statement.bind(Int64(request.offset), at: position + 1)
            }
            var decoder = SQLiteRowDecoder(store: self, table: table, defersBinaryValues: request.defersBinaryValues)
            while try statement.step() {
                try decoder.decode(statement, connection: connection, into: visit)
            }
        }
    }

    func count(_ request: StoreFetch) throws -> Int {
        guard let layout = schema.layouts[request.entity.name] else { return 0 }
        let (whereSQL, bindings) = try whereClause(for: request, layout: layout)
        var sql = "SELECT count(*) FROM (SELECT 1 FROM \(quote(layout.table)) AS t0" + whereSQL
        if request.limit != nil || request.offset > 0 {
            sql += " LIMIT \(request.limit ?? -1) OFFSET \(request.offset)"
        }
        sql += ")"
        return try withConnection { connection in
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            return try statement.step() ? Int(statement.int64(0)) : 0
        }
    }

    func row(for id: ObjectID) throws -> StoreRow? {
        guard let key = id.primaryKey, let layout = schema.layouts[id.entityName],
            let table = schema.tables[layout.table]
        else { return nil }
        return try withConnection { connection in
            let statement = try connection.statement(table.selectSQL + " WHERE t0.\"Z_PK\" = ?")
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            guard try statement.step() else { return nil }
            return try decodeRow(statement, table: table, connection: connection)
        }
    }

    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID] {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName),
            let link = ownerLink(of: relationship, in: entity)
        else { return [] }
        var sql =
            "SELECT t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(link.destinations) WHERE \(link.ownerColumn) = ? ORDER BY t0.\"Z_PK\""
        let order = model.orderName(of: relationship, in: entity)
        if let order {
            // Positioned members first, in their order; the others after them by key.
            sql =
                "SELECT t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(link.destinations) LEFT JOIN \(quote(order)) AS o"
                + " ON o.\"source\" = ?1 AND o.\"destination\" = t0.\"Z_PK\" WHERE \(link.ownerColumn) = ?1"
                + " ORDER BY o.\"position\" IS NULL, o.\"position\", t0.\"Z_PK\""
        }
        return try withConnection { connection in
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            var result: [ObjectID] = []
            while try statement.step() {
                guard let name = schema.entityNamesByNumber[statement.int64(1)] else { continue }
                result.append(.permanent(entityName: name, storeIdentifier: identifier, primaryKey: statement.int64(0)))
            }
            return result
        }
    }

    /// ` WHERE …` restricting to the request's entities and predicate, with its bindings.
    func whereClause(for request: StoreFetch, layout: SQLiteSchema.EntityLayout) throws -> (String, [PredicateValue]) {
        var conditions: [String] = []
        var bindings: [PredicateValue] = []
        let allInTable = schema.layouts.values.filter { $0.table == layout.table }.count
        let numbers = request.includesSubentities ? layout.entityNumbers : [request.entity.entityNumber]
        // A uniqueness constraint's index is partial (`WHERE "Z_ENT" IN (…)`, the entity and its
        // sub-entities): SQLite searches it only when the query names those entities too.
        if numbers.count != allInTable || (request.includesSubentities && pinsUniqueAttribute(request)) {
            conditions.append("t0.\"Z_ENT\" IN (\(numbers.map(String.init).joined(separator: ", ")))")
        }
        if let predicate = request.predicate {
            let fragment = try predicate.replacingTemporaryObjects()
                .sqlFragment(entityName: request.entity.name, alias: "t0", schema: self)
            conditions.append(fragment.sql)
            bindings = fragment.bindings
        }
        if let search = request.fullTextSearch {
            let (sql, strings) = try fullTextCondition(search, entity: request.entity)
            conditions.append(sql)
            bindings += strings.map { .string($0) }
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings)
    }

    /// Whether the request's predicate (or one part of its top-level AND) asks for one value
    /// of the attribute a uniqueness constraint of the entity starts with (`uuid == %@`).
    /// Only then is the entity condition added for the constraint's index: on other queries
    /// it would draw SQLite to the index on `Z_ENT`, which every row shares (an import that
    /// looks up each of 100,000 rows by its unique key then scanned the table for each).
    private func pinsUniqueAttribute(_ request: StoreFetch) -> Bool {
        let leading = Set(request.entity.uniquenessConstraints.compactMap(\.first))
        guard !leading.isEmpty, let predicate = request.predicate else { return false }
        func pins(_ predicate: FetchPredicate) -> Bool {
            switch predicate {
            case .and(let parts):
                return parts.contains(where: pins)
            case .comparison(let comparison):
                guard comparison.op == .equal, comparison.quantifier == .direct, comparison.options.isEmpty else {
                    return false
                }
                switch (comparison.lhs, comparison.rhs) {
                case (.keyPath(let path), .constant(let value)), (.constant(let value), .keyPath(let path)):
                    return path.count == 1 && leading.contains(path[0]) && value != .null
                default:
                    return false
                }
            default:
                return false
            }
        }
        return pins(predicate)
    }

    /// The row under the statement's cursor (columns as in `table`'s select list).
    func decodeRow(
        _ statement: SQLiteStatement, table: SQLiteSchema.Table, connection: SQLiteConnection
    ) throws -> StoreRow? {
        var decoder = SQLiteRowDecoder(store: self, table: table)
        return try decoder.row(statement, connection: connection)
    }

    /// The ID of row `key` of a to-one's destination; the entity column is read only when the
    /// destination has sub-entities.
    func destinationID(
        key: Int64, relationship: RelationshipDescription,
        connection: SQLiteConnection
    ) throws -> ObjectID? {
        guard let destination = model.entity(named: relationship.destination) else { return nil }
        if destination.subentityNames.isEmpty {
            return .permanent(entityName: destination.name, storeIdentifier: identifier, primaryKey: key)
        }
        guard
            let number = try connection.scalar(
                "SELECT \"Z_ENT\" FROM \(quote(destination.rootName)) WHERE \"Z_PK\" = ?",
                [.integer(key)]),
            let name = schema.entityNamesByNumber[number]
        else { return nil }
        return .permanent(entityName: name, storeIdentifier: identifier, primaryKey: key)
    }
}

// Reads for sorting by key paths, batched faults and prefetching. Many keys travel as one
// bound JSON array (`IN (SELECT value FROM json_each(?))`): one statement, whatever the count.

extension SQLiteStore {
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
        var sql =
            "SELECT t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(quote(layout.table)) AS t0" + whereSQL
            + (try orderClause(for: request))
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
                let statement = try connection.statement(
                    table.selectSQL + " WHERE t0.\"Z_PK\" IN (SELECT value FROM json_each(?))")
                defer { statement.reset() }
                try statement.bind(Self.jsonArray(keys), at: 1)
                while try statement.step() {
                    if let row = try decodeRow(statement, table: table, connection: connection) { rows.append(row) }
                }
            }
            return rows
        }
    }

    func destinationRows(
        of owners: [Int64], entity: EntityDescription, relationship: RelationshipDescription,
        defersBinaryValues: Bool
    ) throws -> [(owner: Int64, row: StoreRow)] {
        guard !owners.isEmpty, let link = ownerLink(of: relationship, in: entity),
            let table = schema.tables[link.layout.table]
        else { return [] }
        // The owner's key is read from one column past the row's own.
        let ownerPosition = Int32(table.selectedColumns.count)
        let sql =
            "SELECT \(table.selectList), \(link.ownerColumn) FROM \(link.destinations)"
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

    func destinationIDs(
        of owners: [Int64], entity: EntityDescription,
        relationship: RelationshipDescription
    ) throws -> [(owner: Int64, destination: ObjectID)] {
        guard !owners.isEmpty, let link = ownerLink(of: relationship, in: entity) else { return [] }
        let sql =
            "SELECT \(link.ownerColumn), t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(link.destinations)"
            + " WHERE \(link.ownerIsAnyOfBoundKeys) ORDER BY t0.\"Z_PK\""
        var pairs: [(owner: Int64, destination: ObjectID)] = []
        try forEachRow(sql, owners: owners) { statement, _ in
            guard let name = schema.entityNamesByNumber[statement.int64(2)] else { return }
            pairs.append(
                (
                    statement.int64(0),
                    .permanent(
                        entityName: name, storeIdentifier: identifier,
                        primaryKey: statement.int64(1))
                ))
        }
        return pairs
    }

    func storedValue(ofAttributeAt index: Int, of id: ObjectID) throws -> StoredValue? {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName),
            let layout = schema.layout(of: entity), index < layout.attributeColumns.count,
            let column = layout.attributeColumns[index]
        else { return nil }
        return try withConnection { connection in
            let statement = try connection.statement(
                "SELECT \(quote(column)) FROM \(quote(layout.table)) WHERE \"Z_PK\" = ?")
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            guard try statement.step() else { return nil }
            return statement.value(0, type: entity.attributeTypes[index])
        }
    }

    func destinationCounts(
        of owners: [Int64], entity: EntityDescription,
        relationship: RelationshipDescription
    ) throws -> [Int64: Int] {
        guard !owners.isEmpty, let link = ownerLink(of: relationship, in: entity) else { return [:] }
        let sql =
            "SELECT \(link.ownerColumn), count(*) FROM \(link.memberships) WHERE \(link.ownerIsAnyOfBoundKeys) GROUP BY 1"
        var counts: [Int64: Int] = [:]
        try forEachRow(sql, owners: owners) { statement, _ in counts[statement.int64(0)] = Int(statement.int64(1)) }
        return counts
    }

    /// Runs `sql`, whose one parameter is the owners' keys (read with `json_each`), and calls
    /// `body` for each row under the store's lock.
    private func forEachRow(
        _ sql: String, owners: [Int64],
        _ body: (SQLiteStatement, SQLiteConnection) throws -> Void
    ) throws {
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
