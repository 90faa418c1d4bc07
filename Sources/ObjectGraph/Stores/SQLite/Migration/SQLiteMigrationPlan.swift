import Foundation

/// The SQL that carries a store's rows from the schema of its old model to the schema of the
/// new one. SQLite's `ALTER TABLE` cannot change columns, constraints or foreign keys, so every
/// table is rebuilt: the old tables are renamed aside, the new ones created, the rows copied
/// (keys kept, entity numbers, renamed columns, defaults and relationship storage mapped), then
/// the old tables dropped. Run it inside one transaction with foreign keys off.
struct SQLiteMigrationPlan {
    let oldModel: ManagedObjectModel
    let newModel: ManagedObjectModel
    let oldSchema: SQLiteSchema
    let newSchema: SQLiteSchema
    let difference: ModelDifference

    /// The prefix old tables carry while the new ones are filled.
    static let oldPrefix = "Z_OLD_"

    init(
        oldModel: ManagedObjectModel, newModel: ManagedObjectModel, newSchema: SQLiteSchema, difference: ModelDifference
    ) {
        self.oldModel = oldModel
        self.newModel = newModel
        self.oldSchema = SQLiteSchema(model: oldModel)
        self.newSchema = newSchema
        self.difference = difference
    }

    private var oldTableNames: [String] {
        oldSchema.tableOrder + oldSchema.joinTables.keys.sorted() + oldSchema.orderTables.keys.sorted()
    }

    /// Rebuilds every table.
    /// - Throws: ``MigrationError/duplicateValues(entity:keys:duplicates:)`` when a uniqueness
    ///   constraint does not hold for the stored rows, ``SQLiteError``.
    func run(on connection: SQLiteConnection) throws {
        let oldTables = oldTableNames.map(literal).joined(separator: ", ")
        for index in try texts(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
                + " AND tbl_name IN (\(oldTables))", on: connection)
        {
            try connection.execute("DROP INDEX \(quote(index))")
        }
        for name in oldTableNames {
            try connection.execute("ALTER TABLE \(quote(name)) RENAME TO \(quote(Self.oldPrefix + name))")
        }
        let statements = newSchema.createStatements
        for statement in statements where statement.hasPrefix("CREATE TABLE") { try connection.execute(statement) }
        for root in newSchema.tableOrder { try copyRows(into: root, on: connection) }
        try copyJoinRows(on: connection)
        try copyPositions(on: connection)
        try clearDanglingReferences(on: connection)
        try checkUniqueness(on: connection)
        for statement in statements where !statement.hasPrefix("CREATE TABLE") { try connection.execute(statement) }
        for name in oldTableNames { try connection.execute("DROP TABLE \(quote(Self.oldPrefix + name))") }
    }

    // MARK: Rows

    /// Copies the rows of the old table the new root `root` maps to, for entities that still exist.
    private func copyRows(into root: String, on connection: SQLiteConnection) throws {
        // A new root entity (a new parent) takes the rows of the one old table its hierarchy maps to.
        guard let table = newSchema.tables[root], let newRoot = newModel.entity(named: root),
            let oldRootName = difference.entityMapping[root]
                ?? newRoot.hierarchyNames.lazy.compactMap({ difference.entityMapping[$0] })
                .compactMap({ oldModel.entity(named: $0)?.rootName }).first,
            oldSchema.tables[oldRootName] != nil
        else { return }
        var numberCases: [String] = []
        var oldEntityNumbers: [String] = []
        var expressions: [String: (sql: String, binding: StoredValue?)] = [:]
        for name in newRoot.hierarchyNames {
            guard let entity = newModel.entity(named: name), let oldName = difference.entityMapping[name],
                let old = oldModel.entity(named: oldName)
            else { continue }
            numberCases.append("WHEN \(old.entityNumber) THEN \(entity.entityNumber)")
            oldEntityNumbers.append(String(old.entityNumber))
            // Columns of a sub-entity are only filled for rows of that sub-entity and its descendants.
            let kinds = entity === newRoot ? nil : oldNumbers(of: entity).map(String.init).joined(separator: ", ")
            for (column, expression) in columnExpressions(of: entity, old: old) where expressions[column] == nil {
                let sql = kinds.map { "CASE WHEN t0.\"Z_ENT\" IN (\($0)) THEN \(expression.sql) END" } ?? expression.sql
                expressions[column] = (sql, expression.binding)
            }
        }
        guard !numberCases.isEmpty else { return }
        let columns = table.columns.map(\.name)
        let values = columns.map { expressions[$0]?.sql ?? "NULL" }
        let sql =
            "INSERT INTO \(quote(root)) (\"Z_PK\", \"Z_ENT\", \"Z_OPT\"" + columns.map { ", " + quote($0) }.joined()
            + ") SELECT t0.\"Z_PK\", CASE t0.\"Z_ENT\" \(numberCases.joined(separator: " ")) END, t0.\"Z_OPT\""
            + values.map { ", " + $0 }.joined()
            + " FROM \(quote(Self.oldPrefix + oldRootName)) AS t0 WHERE t0.\"Z_ENT\" IN ("
            + oldEntityNumbers.joined(separator: ", ") + ")"
        let statement = try connection.statement(sql)
        defer { connection.forget(sql) }
        var position: Int32 = 1
        for column in columns {
            guard let binding = expressions[column]?.binding else { continue }
            try statement.bind(binding, at: position)
            position += 1
        }
        try statement.run()
        if oldRootName != root {
            // The highest key ever given goes with the rows, so a deleted object's key stays retired.
            try connection.execute(
                "INSERT OR REPLACE INTO \"Z_METADATA\" (\"key\", \"value\") SELECT "
                    + literal("lastPrimaryKey.\(root)") + ", \"value\" FROM \"Z_METADATA\" WHERE \"key\" = "
                    + literal("lastPrimaryKey.\(oldRootName)"))
        }
    }

    /// The old entity numbers of `entity` and its descendants.
    private func oldNumbers(of entity: EntityDescription) -> [Int64] {
        entity.hierarchyNames.compactMap { difference.entityMapping[$0] }.compactMap {
            oldModel.entity(named: $0)?.entityNumber
        }
    }

    /// For each column `entity` declares or inherits: the SQL giving its value from an old row
    /// `t0` of `old`, with the value bound to its `?` when it has one.
    private func columnExpressions(
        of entity: EntityDescription, old: EntityDescription
    )
        -> [(String, (sql: String, binding: StoredValue?))]
    {
        guard let layout = newSchema.layouts[entity.name], let oldLayout = oldSchema.layouts[old.name],
            let table = newSchema.tables[entity.rootName], let oldTable = oldSchema.tables[old.rootName]
        else { return [] }
        var result: [(String, (sql: String, binding: StoredValue?))] = []
        for (index, attribute) in entity.allAttributes.enumerated() {
            guard let column = layout.attributeColumns[index] else { continue }
            let oldIndex = difference.oldAttributeName(attribute.name, of: entity, in: newModel).flatMap {
                old.attributeIndexes[$0]
            }
            let oldColumn = oldIndex.flatMap { oldLayout.attributeColumns[$0] }
            let fallback = entity.defaultValues[index]
            switch (oldColumn, fallback.isNull) {
            case (let oldColumn?, true): result.append((column, ("t0.\(quote(oldColumn))", nil)))
            case (let oldColumn?, false) where attribute.isOptional:
                result.append((column, ("t0.\(quote(oldColumn))", nil)))
            case (let oldColumn?, false): result.append((column, ("COALESCE(t0.\(quote(oldColumn)), ?)", fallback)))
            case (nil, true): break
            case (nil, false): result.append((column, ("?", fallback)))
            }
            // External blob references move with their rows; no blob file is touched.
            if let hash = layout.blobHashColumns[index],
                let oldHash = oldIndex.flatMap({ oldLayout.blobHashColumns[$0] }),
                let size = Self.column(after: hash, in: table), let oldSize = Self.column(after: oldHash, in: oldTable)
            {
                result.append((hash, ("t0.\(quote(oldHash))", nil)))
                result.append((size, ("t0.\(quote(oldSize))", nil)))
            }
        }
        for (index, relationship) in entity.allRelationships.enumerated() {
            guard let column = layout.toOneColumns[index],
                let sql = toOneExpression(relationship, of: entity, old: old)
            else { continue }
            result.append((column, (sql, nil)))
        }
        return result
    }

    /// The column following `name` in `table` (a blob's size column follows its hash column).
    private static func column(after name: String, in table: SQLiteSchema.Table) -> String? {
        guard let index = table.columns.firstIndex(where: { $0.name == name }), index + 1 < table.columns.count else {
            return nil
        }
        return table.columns[index + 1].name
    }

    /// The key a new to-one column takes for old row `t0`: the old foreign key when the relationship
    /// was stored so, else the old inverse's storage read backwards.
    private func toOneExpression(
        _ relationship: RelationshipDescription, of entity: EntityDescription,
        old: EntityDescription
    ) -> String? {
        if let oldName = difference.oldRelationshipName(relationship.name, of: entity, in: newModel),
            let oldIndex = old.relationshipIndexes[oldName],
            let column = oldSchema.layouts[old.name]?.toOneColumns[oldIndex]
        {
            return "t0.\(quote(column))"
        }
        guard let pairs = oldInversePairs(of: relationship, of: entity) else { return nil }
        return "(SELECT p.s FROM (\(pairs)) AS p WHERE p.d = t0.\"Z_PK\" LIMIT 1)"
    }

    /// Copies the rows of every new join table from the old storage of its relationship or of the inverse.
    private func copyJoinRows(on connection: SQLiteConnection) throws {
        var done = Set<String>()
        for entity in newModel.entities {
            for relationship in entity.relationships {
                guard case .joinTable(let name, true) = newModel.storage(of: relationship, in: entity),
                    done.insert(name).inserted
                else { continue }
                var selects: [String] = []
                if let oldName = difference.entityMapping[entity.name], let old = oldModel.entity(named: oldName),
                    let oldRelationshipName = difference.oldRelationshipName(
                        relationship.name, of: entity, in: newModel),
                    let oldRelationship = old.relationship(named: oldRelationshipName),
                    let pairs = oldPairs(of: oldRelationship, of: old)
                {
                    selects.append("SELECT s, d FROM (\(pairs))")
                }
                if let pairs = oldInversePairs(of: relationship, of: entity) {
                    selects.append("SELECT d, s FROM (\(pairs))")
                }
                guard !selects.isEmpty else { continue }
                try connection.execute(
                    "INSERT OR IGNORE INTO \(quote(name)) (\"source\", \"destination\") "
                        + selects.joined(separator: " UNION "))
            }
        }
    }

    /// The old storage of `relationship`'s inverse as `(s, d)` pairs (`s` on the destination's side), or nil.
    private func oldInversePairs(of relationship: RelationshipDescription, of entity: EntityDescription) -> String? {
        guard let inverseName = relationship.inverse,
            let destination = newModel.entity(named: relationship.destination),
            let oldDestinationName = difference.entityMapping[destination.name],
            let oldDestination = oldModel.entity(named: oldDestinationName),
            let oldInverseName = difference.oldRelationshipName(inverseName, of: destination, in: newModel),
            let oldInverse = oldDestination.relationship(named: oldInverseName)
        else { return nil }
        return oldPairs(of: oldInverse, of: oldDestination)
    }

    /// A `SELECT` of `(s, d)` key pairs: each source row of old `relationship` of `entity` with each destination.
    private func oldPairs(of relationship: RelationshipDescription, of entity: EntityDescription) -> String? {
        switch oldModel.storage(of: relationship, in: entity) {
        case .foreignKey:
            guard let index = entity.relationshipIndexes[relationship.name],
                let column = oldSchema.layouts[entity.name]?.toOneColumns[index]
            else { return nil }
            return "SELECT \"Z_PK\" AS s, \(quote(column)) AS d FROM \(quote(Self.oldPrefix + entity.rootName))"
                + " WHERE \(quote(column)) IS NOT NULL"
        case .inverseForeignKey(let inverse):
            guard let destination = oldModel.entity(named: relationship.destination),
                let index = destination.relationshipIndexes[inverse],
                let column = oldSchema.layouts[destination.name]?.toOneColumns[index]
            else { return nil }
            return "SELECT \(quote(column)) AS s, \"Z_PK\" AS d FROM \(quote(Self.oldPrefix + destination.rootName))"
                + " WHERE \(quote(column)) IS NOT NULL"
        case .joinTable(let name, let isOwner):
            let (source, destination) = isOwner ? ("source", "destination") : ("destination", "source")
            return "SELECT \(quote(source)) AS s, \(quote(destination)) AS d FROM \(quote(Self.oldPrefix + name))"
        }
    }

    // MARK: Checks

    /// Clears to-one keys and drops join rows naming rows that were not carried over (removed entities).
    private func clearDanglingReferences(on connection: SQLiteConnection) throws {
        for entity in newModel.entities {
            guard let layout = newSchema.layouts[entity.name] else { continue }
            for relationship in entity.relationships where !relationship.isToMany {
                guard let index = entity.relationshipIndexes[relationship.name],
                    let column = layout.toOneColumns[index],
                    let destination = newModel.entity(named: relationship.destination)
                else { continue }
                try connection.execute(
                    "UPDATE \(quote(entity.rootName)) SET \(quote(column)) = NULL WHERE \(quote(column))"
                        + " NOT IN (SELECT \"Z_PK\" FROM \(quote(destination.rootName)))")
            }
        }
        for (name, roots) in newSchema.joinTables {
            try connection.execute(
                "DELETE FROM \(quote(name)) WHERE \"source\" NOT IN (SELECT \"Z_PK\" FROM \(quote(roots.ownerRoot)))"
                    + " OR \"destination\" NOT IN (SELECT \"Z_PK\" FROM \(quote(roots.otherRoot)))")
        }
    }

    /// - Throws: ``MigrationError/duplicateValues(entity:keys:duplicates:)`` naming up to five
    ///   values that occur more than once under a uniqueness constraint.
    private func checkUniqueness(on connection: SQLiteConnection) throws {
        for entity in newModel.entities {
            guard let layout = newSchema.layouts[entity.name] else { continue }
            for constraint in entity.uniquenessConstraints {
                let columns = constraint.compactMap {
                    entity.attributeIndexes[$0].flatMap { layout.attributeColumns[$0] }
                }
                .map(quote)
                guard !columns.isEmpty else { continue }
                let shown = columns.map { "quote(\($0))" }.joined(separator: " || ', ' || ")
                let duplicates = try texts(
                    "SELECT \(shown) || ' (' || count(*) || ' times)' FROM \(quote(entity.rootName))"
                        + " WHERE \"Z_ENT\" IN (\(layout.entityNumbers.map(String.init).joined(separator: ", ")))"
                        + columns.map { " AND \($0) IS NOT NULL" }.joined()
                        + " GROUP BY \(columns.joined(separator: ", ")) HAVING count(*) > 1 LIMIT 5", on: connection)
                if !duplicates.isEmpty {
                    throw MigrationError.duplicateValues(entity: entity.name, keys: constraint, duplicates: duplicates)
                }
            }
        }
    }

    /// The first column of every row of `sql`, as text.
    private func texts(_ sql: String, on connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.statement(sql)
        defer { connection.forget(sql) }
        var result: [String] = []
        while try statement.step() { result.append(statement.text(0)) }
        return result
    }

    /// `text` as a SQL string literal.
    private func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
