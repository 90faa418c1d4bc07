import CSQLite
import Foundation

extension SQLiteStore {
    func fetch(_ request: StoreFetch, _ visit: (StoreRow) throws -> Void) throws {
        guard let layout = schema.layouts[request.entity.name], let table = schema.tables[layout.table] else { return }
        let (whereSQL, bindings) = try whereClause(for: request, layout: layout)
        var sql = table.selectSQL + whereSQL
        if !request.sortOrderings.isEmpty {
            let terms = try request.sortOrderings.map { ordering -> String in
                guard let index = request.entity.attributeIndexes[ordering.key],
                      let column = layout.attributeColumns[index] else {
                    throw ObjectGraphError.unknownKey(entity: request.entity.name, key: ordering.key)
                }
                return "t0.\(quote(column)) \(ordering.ascending ? "ASC" : "DESC")"
            }
            sql += " ORDER BY " + terms.joined(separator: ", ")
        }
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
            while try statement.step() {
                if let row = try decodeRow(statement, connection: connection) { try visit(row) }
            }
        }
    }

    func count(_ request: StoreFetch) throws -> Int {
        guard let layout = schema.layouts[request.entity.name] else { return 0 }
        let (whereSQL, bindings) = try whereClause(for: request, layout: layout)
        var sql = "SELECT count(*) FROM (SELECT 1 FROM \(quote(layout.table)) AS t0" + whereSQL
        if request.limit != nil || request.offset > 0 { sql += " LIMIT \(request.limit ?? -1) OFFSET \(request.offset)" }
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
              let table = schema.tables[layout.table] else { return nil }
        return try withConnection { connection in
            let statement = try connection.statement(table.selectSQL + " WHERE t0.\"Z_PK\" = ?")
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            guard try statement.step() else { return nil }
            return try decodeRow(statement, connection: connection)
        }
    }

    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID] {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName),
              let destination = model.entity(named: relationship.destination),
              let destinationLayout = schema.layouts[destination.name] else { return [] }
        let sql: String
        switch model.storage(of: relationship, in: entity) {
        case .foreignKey:
            return []
        case .inverseForeignKey(let inverse):
            guard let index = destination.relationshipIndexes[inverse],
                  let column = destinationLayout.toOneColumns[index] else { return [] }
            sql = "SELECT \"Z_PK\", \"Z_ENT\" FROM \(quote(destinationLayout.table)) WHERE \(quote(column)) = ? ORDER BY \"Z_PK\""
        case .joinTable(let name, let isOwner):
            let (mine, theirs) = isOwner ? ("source", "destination") : ("destination", "source")
            sql = "SELECT t.\"Z_PK\", t.\"Z_ENT\" FROM \(quote(name)) AS j JOIN \(quote(destinationLayout.table)) AS t"
                + " ON t.\"Z_PK\" = j.\"\(theirs)\" WHERE j.\"\(mine)\" = ? ORDER BY t.\"Z_PK\""
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
    private func whereClause(for request: StoreFetch, layout: SQLiteSchema.EntityLayout) throws -> (String, [PredicateValue]) {
        var conditions: [String] = []
        var bindings: [PredicateValue] = []
        let allInTable = schema.layouts.values.filter { $0.table == layout.table }.count
        let numbers = request.includesSubentities ? layout.entityNumbers : [request.entity.entityNumber]
        if numbers.count != allInTable {
            conditions.append("t0.\"Z_ENT\" IN (\(numbers.map(String.init).joined(separator: ", ")))")
        }
        if let predicate = request.predicate {
            let fragment = try predicate.replacingTemporaryObjects()
                .sqlFragment(entityName: request.entity.name, alias: "t0", schema: self)
            conditions.append(fragment.sql)
            bindings = fragment.bindings
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings)
    }

    /// The row under the statement's cursor (columns as in the table's select list).
    func decodeRow(_ statement: SQLiteStatement, connection: SQLiteConnection) throws -> StoreRow? {
        guard let entity = model.entity(number: statement.int64(1)), let layout = schema.layout(of: entity) else { return nil }
        let types = entity.attributeTypes
        var values: [StoredValue] = []
        values.reserveCapacity(types.count)
        for index in types.indices {
            let position = layout.attributePositions[index]
            let hashPosition = layout.blobHashPositions[index]
            if hashPosition >= 0 && !statement.isNull(hashPosition) {
                values.append(.blob(BlobReference(sha256: statement.text(hashPosition), byteCount: statement.int64(hashPosition + 1))))
            } else {
                values.append(position < 0 ? .null : statement.value(position, type: types[index]))
            }
        }
        var toOne: [ObjectID?] = []
        if !entity.allRelationships.isEmpty {
            toOne = try entity.allRelationships.indices.map { index in
                let position = layout.toOnePositions[index]
                guard position >= 0, !statement.isNull(position) else { return nil }
                return try destinationID(key: statement.int64(position), relationship: entity.allRelationships[index],
                                         connection: connection)
            }
        }
        return StoreRow(entity: entity, objectID: .permanent(entityName: entity.name, storeIdentifier: identifier, primaryKey: statement.int64(0)),
                        version: statement.int64(2), attributes: values, toOne: toOne)
    }

    /// The ID of row `key` of a to-one's destination; the entity column is read only when the
    /// destination has sub-entities.
    private func destinationID(key: Int64, relationship: RelationshipDescription,
                               connection: SQLiteConnection) throws -> ObjectID? {
        guard let destination = model.entity(named: relationship.destination) else { return nil }
        if destination.subentityNames.isEmpty {
            return .permanent(entityName: destination.name, storeIdentifier: identifier, primaryKey: key)
        }
        guard let number = try connection.scalar("SELECT \"Z_ENT\" FROM \(quote(destination.rootName)) WHERE \"Z_PK\" = ?",
                                                  [.integer(key)]),
              let name = schema.entityNamesByNumber[number] else { return nil }
        return .permanent(entityName: name, storeIdentifier: identifier, primaryKey: key)
    }
}
