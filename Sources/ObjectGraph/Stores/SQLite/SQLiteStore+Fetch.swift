internal import CSQLite
import Foundation

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
            return try decodeRow(statement, table: table, connection: connection)
        }
    }

    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID] {
        guard let key = id.primaryKey, let entity = model.entity(named: id.entityName),
              let link = ownerLink(of: relationship, in: entity) else { return [] }
        var sql = "SELECT t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(link.destinations) WHERE \(link.ownerColumn) = ? ORDER BY t0.\"Z_PK\""
        let order = model.orderName(of: relationship, in: entity)
        if let order {
            // Positioned members first, in their order; the others after them by key.
            sql = "SELECT t0.\"Z_PK\", t0.\"Z_ENT\" FROM \(link.destinations) LEFT JOIN \(quote(order)) AS o"
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
            let (sql, query) = try fullTextCondition(search, entity: request.entity)
            conditions.append(sql)
            if let query { bindings.append(.string(query)) }
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings)
    }

    /// Whether the request's predicate (or one part of its top-level AND) asks for one value
    /// of the attribute a uniqueness constraint of the entity starts with (`uuid == %@`).
    /// Only then is the entity condition added for the constraint's index: on other queries
    /// it would draw SQLite to the index on `Z_ENT`, which every row shares.
    /// bench: interop/jrnl_json_import_100000_text_rerun_time_vs_first_import
    private func pinsUniqueAttribute(_ request: StoreFetch) -> Bool {
        let leading = Set(request.entity.uniquenessConstraints.compactMap(\.first))
        guard !leading.isEmpty, let predicate = request.predicate else { return false }
        func pins(_ predicate: FetchPredicate) -> Bool {
            switch predicate {
            case .and(let parts):
                return parts.contains(where: pins)
            case .comparison(let comparison):
                guard comparison.op == .equal, comparison.quantifier == .direct, comparison.options.isEmpty else { return false }
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
    func decodeRow(_ statement: SQLiteStatement, table: SQLiteSchema.Table, connection: SQLiteConnection) throws -> StoreRow? {
        var decoder = SQLiteRowDecoder(store: self, table: table)
        return try decoder.row(statement, connection: connection)
    }

    /// The ID of row `key` of a to-one's destination; the entity column is read only when the
    /// destination has sub-entities.
    func destinationID(key: Int64, relationship: RelationshipDescription,
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

/// Reads the rows under a statement's cursor (columns as in the table's select list). It keeps
/// what it looked up for the last row's entity, so a run of rows of one entity (the usual case)
/// costs no lookups per row, only the column reads.
struct SQLiteRowDecoder {
    private let store: SQLiteStore
    /// Whether binary attribute values stay in the store (``StoredValue/deferred``).
    private let defersBinaryValues: Bool
    /// The entity of every row when the table holds one (its select list has no entity column).
    private let onlyEntityNumber: Int64?
    /// Where the select list has the row version.
    private let versionPosition: Int32
    private var entityNumber: Int64 = 0
    /// The last row's entity and layout, unretained: the store's model and schema (both `let`)
    /// hold them for as long as the decoder holds the store.
    private var entityReference: Unmanaged<EntityDescription>?
    private var layoutReference: Unmanaged<SQLiteSchema.EntityLayout>?
    private var types: [AttributeType] = []
    private var hasExternalBlobs = false
    /// A permanent ID of the current entity in this store; each row's ID is it with the row's key.
    private var prototypeID: ObjectID?

    /// A decoder of rows selected with `table`'s select list.
    init(store: SQLiteStore, table: SQLiteSchema.Table, defersBinaryValues: Bool = false) {
        self.store = store
        onlyEntityNumber = table.onlyEntityNumber
        versionPosition = table.versionPosition
        self.defersBinaryValues = defersBinaryValues
    }

    /// The row under the cursor, or nil when its entity is not in the model.
    mutating func row(_ statement: SQLiteStatement, connection: SQLiteConnection) throws -> StoreRow? {
        var row: StoreRow?
        try decode(statement, connection: connection) { row = $0 }
        return row
    }

    /// Hands the row under the cursor to `visit`, unless its entity is not in the model.
    /// (A callback rather than an optional result: a fetch of 100,000 rows then moves each
    /// row into the visitor instead of wrapping and unwrapping it.)
    mutating func decode(_ statement: SQLiteStatement, connection: SQLiteConnection,
                         into visit: (inout StoreRow) throws -> Void) throws {
        let number = onlyEntityNumber ?? statement.int64(1)
        if number != entityNumber || entityReference == nil {
            guard let entity = store.model.entity(number: number), let layout = store.schema.layout(of: entity) else { return }
            entityNumber = number
            entityReference = Unmanaged.passUnretained(entity)
            layoutReference = Unmanaged.passUnretained(layout)
            types = entity.attributeTypes
            hasExternalBlobs = layout.blobHashPositions.contains { $0 >= 0 }
            prototypeID = .permanent(entityName: entity.name, storeIdentifier: store.identifier, primaryKey: 0)
        }
        guard let entityReference, let layoutReference, let prototypeID else { return }
        // Borrowed, not copied, so a row's work retains neither: the decoder holds the store,
        // whose `let` model and schema hold both.
        try entityReference._withUnsafeGuaranteedRef { entity in
            try layoutReference._withUnsafeGuaranteedRef { layout in
                try decode(statement, connection: connection, entity: entity, layout: layout, prototypeID: prototypeID,
                           into: visit)
            }
        }
    }

    /// The row under the cursor, read with the looked-up `entity` and `layout`.
    private func decode(_ statement: SQLiteStatement, connection: SQLiteConnection, entity: EntityDescription,
                        layout: SQLiteSchema.EntityLayout, prototypeID: ObjectID,
                        into visit: (inout StoreRow) throws -> Void) throws {
        // Reserved, then appended to: `Array(unsafeUninitializedCapacity:)` looks up the array
        // storage's generic metadata on every row here (measured 5 % slower over 100,000 rows).
        // bench: objectgraph/fetch-100k-read
        var values: [StoredValue] = []
        values.reserveCapacity(types.count)
        if defersBinaryValues {
            for index in types.indices {
                values.append(types[index] == .binary ? deferredValue(at: index, statement, layout: layout)
                                                      : value(at: index, statement, layout: layout))
            }
        } else {
            // The usual loop stays free of the deferral test (measurably so for 100,000 rows).
            for index in types.indices { values.append(value(at: index, statement, layout: layout)) }
        }
        var toOne: [ObjectID?] = []
        if !entity.allRelationships.isEmpty {
            toOne = try entity.allRelationships.indices.map { index in
                let position = layout.toOnePositions[index]
                guard position >= 0, !statement.isNull(position) else { return nil }
                return try store.destinationID(key: statement.int64(position), relationship: entity.allRelationships[index],
                                               connection: connection)
            }
        }
        var row = StoreRow(entity: entity, objectID: prototypeID.withPrimaryKey(statement.int64(0)),
                           version: statement.int64(versionPosition), attributes: values, toOne: toOne)
        try visit(&row)
    }

    /// Attribute `index` of the row: an external blob's reference when the row holds one,
    /// otherwise the column's value (`.null` for an attribute the table does not store).
    @inline(__always)
    private func value(at index: Int, _ statement: SQLiteStatement, layout: SQLiteSchema.EntityLayout) -> StoredValue {
        if hasExternalBlobs {
            let hashPosition = layout.blobHashPositions[index]
            if hashPosition >= 0 && !statement.isNull(hashPosition) {
                return .blob(BlobReference(sha256: statement.text(hashPosition), byteCount: statement.int64(hashPosition + 1)))
            }
        }
        let position = layout.attributePositions[index]
        return position < 0 ? .null : statement.value(position, type: types[index])
    }

    /// Binary attribute `index` of the row for a decoder that defers binary values: an external
    /// blob's reference as usual, `.deferred` for bytes kept in the row, `.null` for none.
    private func deferredValue(at index: Int, _ statement: SQLiteStatement, layout: SQLiteSchema.EntityLayout) -> StoredValue {
        if hasExternalBlobs {
            let hashPosition = layout.blobHashPositions[index]
            if hashPosition >= 0 && !statement.isNull(hashPosition) { return value(at: index, statement, layout: layout) }
        }
        let position = layout.attributePositions[index]
        return position < 0 || statement.isNull(position) ? .null : .deferred
    }
}
