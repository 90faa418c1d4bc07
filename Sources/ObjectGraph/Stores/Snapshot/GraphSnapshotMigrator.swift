import Foundation

/// Carries a ``GraphSnapshot`` (the binary store's contents) from the model it was written with
/// to a changed one, following a lightweight ``ModelDifference``: records keep their keys, values
/// follow renamed attributes, new and newly required attributes take their defaults, and
/// relationships are re-stored as the new model keeps them (to-one keys, join rows).
/// External blob references move with their records; no blob file is touched.
struct GraphSnapshotMigrator {
    let oldModel: ManagedObjectModel
    let newModel: ManagedObjectModel
    let difference: ModelDifference

    /// Migrates the binary store file at `url` holding `graph` when its model is not `model`:
    /// copies the file to its backup name, then writes the migrated graph with `write` (atomically).
    /// A graph of `model` without a model description gets it written. Returns the graph now stored.
    /// - Throws: ``MigrationError``, ``StoreError/modelMismatch(storeHash:modelHash:differences:)`` for a
    ///   store that keeps no model description, ``StoreFailure/io(path:reason:)``; the file is left as it was.
    static func migrateIfNeeded(
        _ graph: GraphSnapshot, at url: URL, to model: ManagedObjectModel,
        write: (GraphSnapshot, URL) throws -> Void
    ) throws -> GraphSnapshot {
        let metadata = graph.metadata
        guard let (difference, storedModel) = try metadata.migration(to: model, path: url.path) else {
            guard metadata.modelDescription == nil else { return graph }
            var described = graph
            described.metadata = metadata.migrated(to: model)
            try write(described, url)
            return described
        }
        let migrator = GraphSnapshotMigrator(oldModel: storedModel, newModel: model, difference: difference)
        let migrated = try migrator.migrate(graph)
        _ = try metadata.makeBackup(of: url) { try FileManager.default.copyItem(at: url, to: $0) }
        try write(migrated, url)
        return migrated
    }

    /// The positions of the relationships that stay ordered, under the names the new model gives
    /// them: renaming a relationship (or its entity) renames its positions too.
    private func migratedOrders(_ orders: [String: [Int64: [Int64]]]?) -> [String: [Int64: [Int64]]]? {
        guard let orders else { return nil }
        var result: [String: [Int64: [Int64]]] = [:]
        for entity in newModel.entities {
            for relationship in entity.relationships where relationship.isOrdered {
                guard let name = newModel.orderName(of: relationship, in: entity), result[name] == nil,
                    let old = difference.entityMapping[entity.name].flatMap(oldModel.entity(named:)),
                    let oldRelationship = difference.oldRelationshipName(relationship.name, of: entity, in: newModel)
                        .flatMap(old.relationship(named:)),
                    let oldName = oldModel.orderName(of: oldRelationship, in: old),
                    let positions = orders[oldName]
                else { continue }
                result[name] = positions
            }
        }
        return result
    }

    /// The migrated graph.
    /// - Throws: ``MigrationError/duplicateValues(entity:keys:duplicates:)`` when a uniqueness constraint does not
    /// hold.
    func migrate(_ graph: GraphSnapshot) throws -> GraphSnapshot {
        var result = GraphSnapshot(metadata: graph.metadata.migrated(to: newModel))
        result.history = graph.history.map { HistoryRecord.migrated($0, difference: difference, model: newModel) }
        result.lastHistoryNumber = graph.lastHistoryNumber
        // Records keep their keys; positions of a relationship that stays ordered stay (a newly
        // ordered one has none: its members come in key order, the order they were first saved).
        result.orders = migratedOrders(graph.orders)
        let oldToNew = Dictionary(uniqueKeysWithValues: difference.entityMapping.map { ($0.value, $0.key) })
        // To-one keys read backwards from the old inverse's storage, built once per relationship.
        var inverseKeys: [String: [Int64: Int64]] = [:]
        func inverseKey(_ relationship: RelationshipDescription, of entity: EntityDescription, key: Int64) -> Int64? {
            let name = "\(entity.name).\(relationship.name)"
            if inverseKeys[name] == nil {
                let pairs = inversePairs(of: relationship, of: entity, in: graph).map { ($0.1, $0.0) }
                inverseKeys[name] = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
            }
            return inverseKeys[name]?[key]
        }
        for (oldRoot, table) in graph.tables {
            guard let newRootName = oldToNew[oldRoot].flatMap({ newModel.entity(named: $0)?.rootName }) else {
                continue
            }
            var newTable = GraphSnapshot.Table(lastKey: table.lastKey)
            for (key, record) in table.records {
                guard let old = oldModel.entity(named: record.entityName),
                    let entity = oldToNew[old.name].flatMap(newModel.entity(named:))
                else { continue }
                newTable.records[key] = GraphSnapshot.Record(
                    entityName: entity.name, version: record.version,
                    attributes: attributes(of: record, old: old, entity: entity),
                    toOne: entity.allRelationships.map { relationship in
                        guard !relationship.isToMany else { return nil }
                        return toOneKey(relationship, of: entity, old: old, record: record)
                            ?? inverseKey(relationship, of: entity, key: key)
                    })
            }
            result.tables[newRootName] = newTable
        }
        for entity in newModel.entities {
            for relationship in entity.relationships {
                guard case .joinTable(let name, true) = newModel.storage(of: relationship, in: entity),
                    result.joins[name] == nil
                else { continue }
                var rows = Set<GraphSnapshot.JoinRow>()
                if let old = difference.entityMapping[entity.name].flatMap(oldModel.entity(named:)),
                    let oldRelationship = difference.oldRelationshipName(relationship.name, of: entity, in: newModel)
                        .flatMap(old.relationship(named:))
                {
                    for pair in pairs(of: oldRelationship, of: old, in: graph) {
                        rows.insert(.init(source: pair.0, destination: pair.1))
                    }
                }
                for pair in inversePairs(of: relationship, of: entity, in: graph) {
                    rows.insert(.init(source: pair.1, destination: pair.0))
                }
                result.joins[name] = rows
            }
        }
        clearDanglingReferences(in: &result)
        try checkUniqueness(of: result)
        return result
    }

    private func attributes(
        of record: GraphSnapshot.Record, old: EntityDescription, entity: EntityDescription
    ) -> [StoredValue] {
        entity.allAttributes.enumerated().map { index, attribute in
            guard !attribute.isTransient else { return .null }
            guard
                let oldIndex = difference.oldAttributeName(attribute.name, of: entity, in: newModel).flatMap({
                    old.attributeIndexes[$0]
                }),
                oldIndex < record.attributes.count
            else { return entity.defaultValues[index] }
            let value = record.attributes[oldIndex]
            return value.isNull && !attribute.isOptional ? entity.defaultValues[index] : value
        }
    }

    /// The key old to-one `relationship` of `record` held, when it was a to-one before.
    private func toOneKey(
        _ relationship: RelationshipDescription, of entity: EntityDescription, old: EntityDescription,
        record: GraphSnapshot.Record
    ) -> Int64? {
        guard
            let oldIndex = difference.oldRelationshipName(relationship.name, of: entity, in: newModel)
                .flatMap({ old.relationshipIndexes[$0] }), !old.allRelationships[oldIndex].isToMany
        else { return nil }
        return oldIndex < record.toOne.count ? record.toOne[oldIndex] : nil
    }

    /// The old storage of `relationship`'s inverse as pairs (the destination side's key first).
    private func inversePairs(
        of relationship: RelationshipDescription, of entity: EntityDescription,
        in graph: GraphSnapshot
    ) -> [(Int64, Int64)] {
        guard let inverseName = relationship.inverse,
            let destination = newModel.entity(named: relationship.destination),
            let oldDestination = difference.entityMapping[destination.name].flatMap(oldModel.entity(named:)),
            let oldInverse = difference.oldRelationshipName(inverseName, of: destination, in: newModel)
                .flatMap(oldDestination.relationship(named:))
        else { return [] }
        return pairs(of: oldInverse, of: oldDestination, in: graph)
    }

    /// Each source key of old `relationship` of `entity` with each destination key, sorted.
    private func pairs(
        of relationship: RelationshipDescription, of entity: EntityDescription,
        in graph: GraphSnapshot
    ) -> [(Int64, Int64)] {
        func foreignKeys(root: String, kinds: [String], relationship name: String) -> [(Int64, Int64)] {
            (graph.tables[root]?.records ?? [:]).compactMap { key, record in
                guard kinds.contains(record.entityName),
                    let index = oldModel.entity(named: record.entityName)?.relationshipIndexes[name],
                    index < record.toOne.count, let target = record.toOne[index]
                else { return nil }
                return (key, target)
            }.sorted { $0 < $1 }
        }
        switch oldModel.storage(of: relationship, in: entity) {
        case .foreignKey:
            return foreignKeys(root: entity.rootName, kinds: entity.hierarchyNames, relationship: relationship.name)
        case .inverseForeignKey(let inverse):
            guard let destination = oldModel.entity(named: relationship.destination) else { return [] }
            return foreignKeys(root: destination.rootName, kinds: destination.hierarchyNames, relationship: inverse).map
            { ($0.1, $0.0) }
        case .joinTable(let name, let isOwner):
            return (graph.joins[name] ?? []).map { isOwner ? ($0.source, $0.destination) : ($0.destination, $0.source) }
                .sorted { $0 < $1 }
        }
    }

    /// Clears to-one keys and drops join rows naming records that were not carried over.
    private func clearDanglingReferences(in graph: inout GraphSnapshot) {
        for (root, table) in graph.tables {
            for (key, record) in table.records {
                guard let entity = newModel.entity(named: record.entityName) else { continue }
                var toOne = record.toOne
                for (index, relationship) in entity.allRelationships.enumerated() where !relationship.isToMany {
                    guard let target = toOne[index], let destination = newModel.entity(named: relationship.destination),
                        graph.tables[destination.rootName]?.records[target] == nil
                    else { continue }
                    toOne[index] = nil
                }
                if toOne != record.toOne { graph.tables[root]?.records[key]?.toOne = toOne }
            }
        }
        for entity in newModel.entities {
            for relationship in entity.relationships {
                guard case .joinTable(let name, true) = newModel.storage(of: relationship, in: entity),
                    let destination = newModel.entity(named: relationship.destination)
                else { continue }
                let sources = graph.tables[entity.rootName]?.records ?? [:]
                let destinations = graph.tables[destination.rootName]?.records ?? [:]
                graph.joins[name] = graph.joins[name]?.filter {
                    sources[$0.source] != nil && destinations[$0.destination] != nil
                }
            }
        }
    }

    /// - Throws: ``MigrationError/duplicateValues(entity:keys:duplicates:)`` naming up to five duplicated values.
    private func checkUniqueness(of graph: GraphSnapshot) throws {
        for entity in newModel.entities {
            let kinds = Set(entity.hierarchyNames)
            let records = (graph.tables[entity.rootName]?.records.values).map(Array.init) ?? []
            for constraint in entity.uniquenessConstraints {
                let indexes = constraint.compactMap { entity.attributeIndexes[$0] }
                var counts: [[StoredValue]: Int] = [:]
                for record in records where kinds.contains(record.entityName) {
                    let values = indexes.map { $0 < record.attributes.count ? record.attributes[$0] : .null }
                    if !values.contains(where: \.isNull) { counts[values, default: 0] += 1 }
                }
                let duplicates = counts.filter { $0.value > 1 }
                    .map { values, count in values.map(Self.display).joined(separator: ", ") + " (\(count) times)" }
                    .sorted().prefix(5)
                if !duplicates.isEmpty {
                    throw MigrationError.duplicateValues(
                        entity: entity.name, keys: constraint, duplicates: Array(duplicates))
                }
            }
        }
    }

    /// A stored value as a message shows it: text quoted, other values plainly.
    private static func display(_ value: StoredValue) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return value.swiftValue(for: .integer64).map { String(describing: $0) } ?? "?"
    }
}
