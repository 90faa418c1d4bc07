import Foundation

/// Applies one save's changes to a ``GraphSnapshot``, as the SQLite store applies them to
/// its tables: keys assigned, rows written whole, deleted rows' references cleared, join
/// rows replaced, uniqueness checked.
struct GraphSnapshotWriter {
    let model: ManagedObjectModel

    /// Returns the primary keys of the inserted rows (in order) and the blob hashes the old
    /// rows referenced (to remove after the write if nothing refers to them any more).
    /// - Throws: ``ObjectGraphError/uniquenessViolation(entity:keys:)``, ``RowConflicts`` when rows changed since they
    /// were read.
    func apply(_ changes: StoreChanges, to graph: inout GraphSnapshot) throws -> ([Int64], Set<String>) {
        var insertedKeys: [Int64] = []
        for row in changes.inserted {
            var table = graph.tables[row.entity.rootName] ?? GraphSnapshot.Table()
            table.lastKey += 1
            graph.tables[row.entity.rootName] = table
            insertedKeys.append(table.lastKey)
        }
        let key = changes.keyResolver(insertedKeys: insertedKeys)
        var released = Set<String>()
        try checkVersions(of: changes, in: graph)
        let written =
            zip(changes.inserted, insertedKeys.map(Optional.some))
            + changes.updated.map { ($0, nil as Int64?) }
        for (row, insertedKey) in written {
            guard let primaryKey = insertedKey ?? row.objectID.primaryKey else { continue }
            let root = row.entity.rootName
            if let old = graph.tables[root]?.records[primaryKey] {
                released.formUnion(old.attributes.compactMap(\.blobHash))
            }
            graph.tables[root, default: GraphSnapshot.Table()].records[primaryKey] =
                GraphSnapshot.Record(
                    entityName: row.entity.name, version: row.version,
                    attributes: row.attributes.map(\.committingStagedBlob),
                    toOne: row.toOne.map(key))
        }
        var deletedKeys: [String: Set<Int64>] = [:]
        for id in changes.deleted {
            guard let entity = model.entity(named: id.entityName), let primaryKey = id.primaryKey,
                let old = graph.tables[entity.rootName]?.records.removeValue(forKey: primaryKey)
            else { continue }
            released.formUnion(old.attributes.compactMap(\.blobHash))
            deletedKeys[entity.rootName, default: []].insert(primaryKey)
        }
        if !deletedKeys.isEmpty { clearReferences(to: deletedKeys, in: &graph) }
        for membership in changes.joinMemberships {
            guard let entity = model.entity(named: membership.entityName),
                let relationship = entity.relationship(named: membership.relationship),
                case .joinTable(let name, _) = model.storage(of: relationship, in: entity),
                let source = key(membership.source)
            else { continue }
            var rows = graph.joins[name] ?? []
            rows = rows.filter { $0.source != source }
            for member in membership.members {
                if let destination = key(member) { rows.insert(.init(source: source, destination: destination)) }
            }
            graph.joins[name] = rows
        }
        try checkUniqueness(in: graph)
        return (insertedKeys, released)
    }

    /// Optimistic locking, as the SQLite store does it: an updated row must still have the
    /// version before this save's, a deleted one the version it was read with.
    /// - Throws: ``RowConflicts`` naming every row changed or (for updates) deleted since.
    private func checkVersions(of changes: StoreChanges, in graph: GraphSnapshot) throws {
        func record(_ id: ObjectID) -> GraphSnapshot.Record? {
            guard let key = id.primaryKey, let root = model.entity(named: id.entityName)?.rootName else { return nil }
            return graph.tables[root]?.records[key]
        }
        var conflicts: [ObjectID] = []
        for row in changes.updated where record(row.objectID)?.version != row.version - 1 {
            conflicts.append(row.objectID)
        }
        for id in changes.deleted {
            if let expected = changes.deletedVersions[id], let current = record(id), current.version != expected {
                conflicts.append(id)
            }
        }
        guard conflicts.isEmpty else { throw RowConflicts(objectIDs: conflicts) }
    }

    /// Sets to nil every to-one pointing at a deleted row and drops join rows naming one
    /// (what `ON DELETE SET NULL` and `ON DELETE CASCADE` do in SQLite).
    private func clearReferences(to deleted: [String: Set<Int64>], in graph: inout GraphSnapshot) {
        for (root, table) in graph.tables {
            for (key, record) in table.records {
                guard let entity = model.entity(named: record.entityName) else { continue }
                var updated = record
                for (index, relationship) in entity.allRelationships.enumerated() where !relationship.isToMany {
                    guard index < record.toOne.count, let target = record.toOne[index],
                        let destinationRoot = model.entity(named: relationship.destination)?.rootName,
                        deleted[destinationRoot]?.contains(target) == true
                    else { continue }
                    updated.toOne[index] = nil
                }
                if updated.toOne != record.toOne { graph.tables[root]?.records[key] = updated }
            }
        }
        for entity in model.entities {
            for relationship in entity.relationships {
                guard case .joinTable(let name, true) = model.storage(of: relationship, in: entity),
                    let destinationRoot = model.entity(named: relationship.destination)?.rootName
                else { continue }
                let sourceGone = deleted[entity.rootName] ?? []
                let destinationGone = deleted[destinationRoot] ?? []
                graph.joins[name] = graph.joins[name]?.filter {
                    !sourceGone.contains($0.source) && !destinationGone.contains($0.destination)
                }
            }
        }
    }

    private func checkUniqueness(in graph: GraphSnapshot) throws {
        for entity in model.entities where !entity.uniquenessConstraints.isEmpty {
            let names = Set(entity.hierarchyNames)
            let records = graph.tables[entity.rootName]?.records.values.filter { names.contains($0.entityName) } ?? []
            for constraint in entity.uniquenessConstraints {
                let indexes = constraint.compactMap { entity.attributeIndexes[$0] }
                var seen = Set<[StoredValue]>()
                for record in records {
                    let values = indexes.map { $0 < record.attributes.count ? record.attributes[$0] : .null }
                    // Like SQL, rows with a NULL in the constraint never clash.
                    guard !values.contains(where: \.isNull) else { continue }
                    guard seen.insert(values).inserted else {
                        throw ObjectGraphError.uniquenessViolation(entity: entity.name, keys: constraint)
                    }
                }
            }
        }
    }
}

extension StoredValue {
    /// The hash of an external blob value, or nil.
    var blobHash: String? { externalReference?.sha256 }

    /// A staged blob as the committed blob it becomes; other values as they are.
    var committingStagedBlob: StoredValue {
        if case .staged(let pending) = self { return .blob(pending.staged.reference) }
        return self
    }
}

extension GraphSnapshot {
    /// Every blob hash some row refers to.
    func referencedBlobHashes() -> Set<String> {
        var result = Set<String>()
        for table in tables.values {
            for record in table.records.values { result.formUnion(record.attributes.compactMap(\.blobHash)) }
        }
        return result
    }
}
