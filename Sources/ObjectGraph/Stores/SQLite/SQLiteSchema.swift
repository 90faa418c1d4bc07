import Foundation

/// The tables the SQLite store generates from a model: one per entity hierarchy (with the
/// entity number in `Z_ENT` and the row version in `Z_OPT`), to-one relationships as foreign
/// key columns, many-to-many relationships as join tables, and for every entity the column
/// positions its rows are read from and the statements they are written with.
struct SQLiteSchema: Sendable {
    /// One value written for a row, in the order of an entity's insert statement.
    enum WriteColumn: Sendable {
        case attribute(Int)
        case blobHash(Int)
        case blobSize(Int)
        case toOne(Int)
    }

    struct Column: Sendable {
        var name: String
        var definition: String
    }

    struct Table: Sendable {
        var name: String
        var columns: [Column] = []
        var indexes: [String] = []
        /// The entity number of every row when the hierarchy is one entity. The select list
        /// then leaves `Z_ENT` out: reading a row costs one column less (about 4 % of a
        /// fetch of 100,000 rows).
        var onlyEntityNumber: Int64?
        /// The select list: `Z_PK`, `Z_ENT` (unless the table holds one entity), `Z_OPT`, then
        /// ``columns`` (set once the columns are known).
        private(set) var selectedColumns: [String] = []
        /// ``selectedColumns`` aliased `t0`, comma-separated: `t0."Z_PK", t0."Z_OPT", …`.
        private(set) var selectList = ""
        /// `SELECT` of ``selectList`` from the table as `t0` (set once the columns are known).
        private(set) var selectSQL = ""

        /// The position of `Z_OPT`, the row version, in the select list.
        var versionPosition: Int32 { onlyEntityNumber == nil ? 2 : 1 }

        /// Builds the select list once, so reading a row does not build it again.
        mutating func finishColumns() {
            selectedColumns = ["Z_PK"] + (onlyEntityNumber == nil ? ["Z_ENT"] : []) + ["Z_OPT"] + columns.map(\.name)
            selectList = selectedColumns.map { "t0.\(quote($0))" }.joined(separator: ", ")
            selectSQL = "SELECT \(selectList) FROM \(quote(name)) AS t0"
        }
    }

    /// A class, so handing it around on the hot paths costs one retain, not one per field.
    final class EntityLayout: Sendable {
        let table: String
        let entityNumbers: [Int64]
        /// Per attribute index: the column, or nil for transient attributes.
        let attributeColumns: [String?]
        /// Per attribute index: the hash column of an externally storable binary (its size column follows it in the
        /// table).
        let blobHashColumns: [String?]
        /// Per relationship index: the foreign key column of a to-one.
        let toOneColumns: [String?]
        /// Per attribute index: its position in the table's select list (-1 for none).
        let attributePositions: [Int32]
        let blobHashPositions: [Int32]
        let toOnePositions: [Int32]
        let writeColumns: [WriteColumn]
        let insertSQL: String
        let updateSQL: String

        init(
            table: String, entityNumbers: [Int64], attributeColumns: [String?], blobHashColumns: [String?],
            toOneColumns: [String?], attributePositions: [Int32], blobHashPositions: [Int32], toOnePositions: [Int32],
            writeColumns: [WriteColumn], insertSQL: String, updateSQL: String
        ) {
            self.table = table
            self.entityNumbers = entityNumbers
            self.attributeColumns = attributeColumns
            self.blobHashColumns = blobHashColumns
            self.toOneColumns = toOneColumns
            self.attributePositions = attributePositions
            self.blobHashPositions = blobHashPositions
            self.toOnePositions = toOnePositions
            self.writeColumns = writeColumns
            self.insertSQL = insertSQL
            self.updateSQL = updateSQL
        }
    }

    var tables: [String: Table] = [:]
    var tableOrder: [String] = []
    var layouts: [String: EntityLayout] = [:]
    var joinTables: [String: (ownerRoot: String, otherRoot: String)] = [:]
    /// Position tables of ordered relationships (see `SQLiteSchema+Order`).
    var orderTables: [String: (sourceRoot: String, destinationRoot: String)] = [:]
    var entityNamesByNumber: [Int64: String] = [:]
    /// Layouts by entity number (an array: the hot path of reading rows does no hashing).
    var layoutsByNumber: [EntityLayout?] = []
    var mappings: [String: SQLEntityMapping] = [:]

    init(model: ManagedObjectModel) {
        for entity in model.entities { entityNamesByNumber[entity.entityNumber] = entity.name }
        for root in model.entities where root.parentName == nil { addTable(for: root, model: model) }
        for entity in model.entities { addJoinTables(of: entity, model: model) }
        for entity in model.entities { mappings[entity.name] = mapping(of: entity, model: model) }
        orderTables = Self.orderTables(of: model)
        layoutsByNumber = Array(repeating: nil, count: model.entities.count + 1)
        for entity in model.entities { layoutsByNumber[Int(entity.entityNumber)] = layouts[entity.name] }
    }

    /// The layout of `entity`.
    @inline(__always)
    func layout(of entity: EntityDescription) -> EntityLayout? {
        let number = Int(entity.entityNumber)
        return number < layoutsByNumber.count ? layoutsByNumber[number] : nil
    }

    private mutating func addTable(for root: EntityDescription, model: ManagedObjectModel) {
        var table = Table(name: root.name)
        var used: Set<String> = ["z_pk", "z_ent", "z_opt"]
        var attributeColumns: [String: [String: String]] = [:]
        var blobColumns: [String: [String: (hash: String, size: String)]] = [:]
        var relationshipColumns: [String: [String: String]] = [:]
        func claim(_ name: String, entity: String) -> String {
            let column = used.contains(name.lowercased()) ? "\(entity)_\(name)" : name
            used.insert(column.lowercased())
            return column
        }
        for name in root.hierarchyNames {
            guard let entity = model.entity(named: name) else { continue }
            var attributes = entity.parentName.flatMap { attributeColumns[$0] } ?? [:]
            var blobs = entity.parentName.flatMap { blobColumns[$0] } ?? [:]
            var relationships = entity.parentName.flatMap { relationshipColumns[$0] } ?? [:]
            for attribute in entity.attributes where !attribute.isTransient {
                let column = claim(attribute.name, entity: name)
                attributes[attribute.name] = column
                table.columns.append(Column(name: column, definition: Self.sqlType(attribute.type)))
                if attribute.allowsExternalStorage {
                    let hash = claim("\(column)_sha256", entity: name)
                    let size = claim("\(column)_size", entity: name)
                    blobs[attribute.name] = (hash, size)
                    table.columns.append(Column(name: hash, definition: "TEXT"))
                    table.columns.append(Column(name: size, definition: "INTEGER"))
                    table.indexes.append(
                        "CREATE INDEX \(quote("\(root.name)_\(hash)")) ON \(quote(root.name))(\(quote(hash)))")
                }
                if attribute.isIndexed {
                    table.indexes.append(
                        "CREATE INDEX \(quote("\(root.name)_\(column)")) ON \(quote(root.name))(\(quote(column)))")
                }
            }
            for relationship in entity.relationships where !relationship.isToMany {
                let column = claim(relationship.name, entity: name)
                relationships[relationship.name] = column
                let destinationRoot =
                    model.entity(named: relationship.destination)?.rootName ?? relationship.destination
                table.columns.append(
                    Column(
                        name: column,
                        definition: "INTEGER REFERENCES \(quote(destinationRoot))(\"Z_PK\")"
                            + " ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED"))
                table.indexes.append(
                    "CREATE INDEX \(quote("\(root.name)_\(column)")) ON \(quote(root.name))(\(quote(column)))")
            }
            for (number, constraint) in entity.uniquenessConstraints.enumerated() {
                let columns = constraint.compactMap { attributes[$0] }.map(quote).joined(separator: ", ")
                let numbers = entity.hierarchyNames.compactMap { model.entity(named: $0)?.entityNumber }.map(
                    String.init)
                table.indexes.append(
                    "CREATE UNIQUE INDEX \(quote("\(name)_unique_\(number)")) ON \(quote(root.name))(\(columns))"
                        + " WHERE \"Z_ENT\" IN (\(numbers.joined(separator: ", ")))")
            }
            attributeColumns[name] = attributes
            blobColumns[name] = blobs
            relationshipColumns[name] = relationships
        }
        table.indexes.insert("CREATE INDEX \(quote("\(root.name)_Z_ENT")) ON \(quote(root.name))(\"Z_ENT\")", at: 0)
        if root.hierarchyNames == [root.name] { table.onlyEntityNumber = root.entityNumber }
        table.finishColumns()
        tables[root.name] = table
        tableOrder.append(root.name)

        var positions: [String: Int32] = [:]
        for (offset, column) in table.selectedColumns.enumerated() { positions[column] = Int32(offset) }
        for name in root.hierarchyNames {
            guard let entity = model.entity(named: name) else { continue }
            let attributes = entity.allAttributes.map { attributeColumns[name]?[$0.name] }
            let blobs = entity.allAttributes.map { blobColumns[name]?[$0.name] }
            let blobHashes = blobs.map { $0?.hash }
            let toOne = entity.allRelationships.map { $0.isToMany ? nil : relationshipColumns[name]?[$0.name] }
            var writes: [WriteColumn] = []
            var names: [String] = []
            for index in entity.allAttributes.indices {
                if let column = attributes[index] { writes.append(.attribute(index)); names.append(column) }
                if let blob = blobs[index] {
                    writes.append(.blobHash(index)); names.append(blob.hash)
                    writes.append(.blobSize(index)); names.append(blob.size)
                }
            }
            for index in entity.allRelationships.indices {
                if let column = toOne[index] { writes.append(.toOne(index)); names.append(column) }
            }
            let insert =
                "INSERT INTO \(quote(root.name)) (\"Z_PK\", \"Z_ENT\", \"Z_OPT\""
                + names.map { ", " + quote($0) }.joined()
                + ") VALUES (?, ?, ?" + String(repeating: ", ?", count: names.count) + ")"
            let update =
                "UPDATE \(quote(root.name)) SET \"Z_OPT\" = ?" + names.map { ", \(quote($0)) = ?" }.joined()
                + " WHERE \"Z_PK\" = ? AND \"Z_OPT\" = ?"
            layouts[name] = EntityLayout(
                table: root.name,
                entityNumbers: entity.hierarchyNames.compactMap { model.entity(named: $0)?.entityNumber },
                attributeColumns: attributes, blobHashColumns: blobHashes, toOneColumns: toOne,
                attributePositions: attributes.map { $0.flatMap { positions[$0] } ?? -1 },
                blobHashPositions: blobHashes.map { $0.flatMap { positions[$0] } ?? -1 },
                toOnePositions: toOne.map { $0.flatMap { positions[$0] } ?? -1 },
                writeColumns: writes, insertSQL: insert, updateSQL: update)
        }
    }

    private mutating func addJoinTables(of entity: EntityDescription, model: ManagedObjectModel) {
        for relationship in entity.relationships where relationship.isToMany {
            guard case .joinTable(let name, true) = model.storage(of: relationship, in: entity),
                joinTables[name] == nil
            else { continue }
            let other = model.entity(named: relationship.destination)?.rootName ?? relationship.destination
            joinTables[name] = (entity.rootName, other)
        }
    }

    private func mapping(of entity: EntityDescription, model: ManagedObjectModel) -> SQLEntityMapping? {
        guard let layout = layouts[entity.name] else { return nil }
        var attributes: [String: SQLAttributeMapping] = [:]
        for (index, attribute) in entity.allAttributes.enumerated() {
            if let column = layout.attributeColumns[index] {
                attributes[attribute.name] = SQLAttributeMapping(
                    column: column, encoding: Self.encoding(attribute.type))
            }
        }
        var relationships: [String: SQLRelationshipMapping] = [:]
        for (index, relationship) in entity.allRelationships.enumerated() {
            switch model.storage(of: relationship, in: entity) {
            case .foreignKey:
                if let column = layout.toOneColumns[index] {
                    relationships[relationship.name] = .toOne(
                        destination: relationship.destination, foreignKeyColumn: column)
                }
            case .inverseForeignKey(let inverse):
                if let destination = layouts[relationship.destination],
                    let index = model.entity(named: relationship.destination)?.relationshipIndexes[inverse],
                    let column = destination.toOneColumns[index]
                {
                    relationships[relationship.name] = .toManyThroughForeignKey(
                        destination: relationship.destination,
                        destinationForeignKeyColumn: column)
                }
            case .joinTable(let name, let isOwner):
                relationships[relationship.name] = .toManyThroughJoinTable(
                    destination: relationship.destination, table: name,
                    sourceColumn: isOwner ? "source" : "destination",
                    destinationColumn: isOwner ? "destination" : "source")
            }
        }
        return SQLEntityMapping(
            table: layout.table, primaryKeyColumn: "Z_PK", entityColumn: "Z_ENT",
            entityNumbers: layout.entityNumbers, attributes: attributes, relationships: relationships)
    }

    /// Every statement that creates the schema, tables before indexes.
    var createStatements: [String] {
        var statements: [String] = []
        for name in tableOrder {
            guard let table = tables[name] else { continue }
            let columns =
                ["\"Z_PK\" INTEGER PRIMARY KEY", "\"Z_ENT\" INTEGER NOT NULL", "\"Z_OPT\" INTEGER NOT NULL"]
                + table.columns.map { "\(quote($0.name)) \($0.definition)" }
            statements.append("CREATE TABLE \(quote(name)) (\(columns.joined(separator: ", ")))")
            statements.append(contentsOf: table.indexes)
        }
        for (name, roots) in joinTables.sorted(by: { $0.key < $1.key }) {
            let reference = " ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED"
            statements.append(
                "CREATE TABLE \(quote(name)) (\"source\" INTEGER NOT NULL REFERENCES \(quote(roots.ownerRoot))(\"Z_PK\")"
                    + reference + ", \"destination\" INTEGER NOT NULL REFERENCES \(quote(roots.otherRoot))(\"Z_PK\")"
                    + reference
                    + ", PRIMARY KEY (\"source\", \"destination\")) WITHOUT ROWID")
            statements.append("CREATE INDEX \(quote("\(name)_destination")) ON \(quote(name))(\"destination\")")
        }
        statements += orderTableStatements
        return statements
    }

    static func sqlType(_ type: AttributeType) -> String {
        switch type {
        case .string, .uuid: "TEXT"
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .double, .date: "REAL"
        case .binary: "BLOB"
        }
    }

    static func encoding(_ type: AttributeType) -> SQLAttributeMapping.Encoding {
        switch type {
        case .string: .text
        case .integer16, .integer32, .integer64: .integer
        case .boolean: .boolean
        case .double: .real
        case .date: .date
        case .uuid: .uuid
        case .binary: .blob
        }
    }
}

/// `name` as a quoted SQL identifier (inner quotes doubled). Model names never hold a quote,
/// so the common case skips Foundation's `replacingOccurrences`, which a schema built on
/// every store open called for each of its hundreds of identifiers.
func quote(_ name: String) -> String {
    guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
    return "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
}
