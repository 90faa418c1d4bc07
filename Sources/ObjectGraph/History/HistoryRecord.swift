import Foundation

/// What a store keeps of one save for its persistent history: compact, because it is written
/// by every save. Object keys are kept per entity (and, for updates, per set of changed keys)
/// as runs of consecutive keys, so a save inserting 100,000 objects of one entity records one
/// run, not 100,000 rows.
struct HistoryRecord: Sendable, Hashable, Codable {
    /// The objects of one entity that one save changed the same way.
    struct Group: Sendable, Hashable, Codable {
        var kind: PersistentHistoryChange.Kind
        var entityName: String
        /// For updates, the changed keys (sorted); empty otherwise.
        var changedKeys: [String]
        /// The primary keys, as ``HistoryKeyRuns`` text (`1-100,105`).
        var keys: String
        /// For deletes of an entity that keeps values on deletion, each row's tombstone (nil in
        /// records made before tombstones, and for other groups).
        var tombstones: [HistoryTombstone]? = nil
    }

    var number: Int64
    var timestamp: Date
    var author: String?
    var contextName: String?
    var groups: [Group]

    /// The groups of one save: inserts (with the keys the store gave them), updates, deletes
    /// (with the `tombstones` the store read from the rows before deleting them).
    static func groups(
        of changes: StoreChanges, insertedKeys: [Int64],
        tombstones: [ObjectID: PersistentHistoryTombstone] = [:]
    ) -> [Group] {
        var groups: [Group] = []
        var inserted: [String: [Int64]] = [:]
        // Inserted rows come in runs of one entity: one lookup by name per run, not per row
        // (hashing the name per row was most of what recording a save of 100,000 cost).
        // bench: objectgraph/insert-100k-save-history
        let rows = changes.inserted
        let count = min(rows.count, insertedKeys.count)
        var start = 0
        while start < count {
            let entity = rows[start].entity
            var end = start + 1
            while end < count && rows[end].entity === entity { end += 1 }
            inserted[entity.name, default: []].append(contentsOf: insertedKeys[start..<end])
            start = end
        }
        for (name, keys) in inserted.sorted(by: { $0.key < $1.key }) {
            groups.append(Group(kind: .insert, entityName: name, changedKeys: [], keys: HistoryKeyRuns.text(of: keys)))
        }
        var updated: [HistoryUpdateKey: [Int64]] = [:]
        for (index, row) in changes.updated.enumerated() {
            guard let key = row.objectID.primaryKey else { continue }
            let changed = index < changes.updatedKeys.count ? changes.updatedKeys[index].sorted() : []
            updated[HistoryUpdateKey(entityName: row.entity.name, changedKeys: changed), default: []].append(key)
        }
        for (group, keys) in updated.sorted(by: {
            ($0.key.entityName, $0.key.changedKeys.joined(separator: ","))
                < ($1.key.entityName, $1.key.changedKeys.joined(separator: ","))
        }) {
            groups.append(
                Group(
                    kind: .update, entityName: group.entityName, changedKeys: group.changedKeys,
                    keys: HistoryKeyRuns.text(of: keys)))
        }
        var deleted: [String: [Int64]] = [:]
        for id in changes.deleted { if let key = id.primaryKey { deleted[id.entityName, default: []].append(key) } }
        var kept: [String: [HistoryTombstone]] = [:]
        for (id, tombstone) in tombstones {
            if let key = id.primaryKey {
                kept[id.entityName, default: []].append(HistoryTombstone(key: key, values: tombstone.values))
            }
        }
        for (name, keys) in deleted.sorted(by: { $0.key < $1.key }) {
            groups.append(
                Group(
                    kind: .delete, entityName: name, changedKeys: [], keys: HistoryKeyRuns.text(of: keys),
                    tombstones: kept[name]?.sorted { $0.key < $1.key }))
        }
        return groups
    }

    /// The transaction as callers see it, with object IDs of store `storeIdentifier`.
    func transaction(storeIdentifier: UUID) -> PersistentHistoryTransaction {
        var changes: [PersistentHistoryChange] = []
        for group in groups {
            let updatedKeys = group.kind == .update ? Set(group.changedKeys) : nil
            let tombstones = Dictionary(
                (group.tombstones ?? []).map { ($0.key, $0.values) }, uniquingKeysWith: { first, _ in first })
            for key in HistoryKeyRuns.keys(in: group.keys) {
                changes.append(
                    PersistentHistoryChange(
                        kind: group.kind,
                        objectID: .permanent(
                            entityName: group.entityName, storeIdentifier: storeIdentifier, primaryKey: key),
                        updatedKeys: updatedKeys,
                        tombstone: tombstones[key].map(PersistentHistoryTombstone.init(values:))))
            }
        }
        return PersistentHistoryTransaction(
            token: PersistentHistoryToken(storeIdentifier: storeIdentifier, transactionNumber: number),
            timestamp: timestamp, author: author, contextName: contextName, changes: changes)
    }
}

/// Updates of one entity that changed the same keys.
private struct HistoryUpdateKey: Hashable {
    var entityName: String
    var changedKeys: [String]
}

/// Primary keys as runs of consecutive numbers: `1-3,7,9-10` for 1, 2, 3, 7, 9, 10.
enum HistoryKeyRuns {
    /// The runs of `keys` (sorted first, unless they already are: a save's inserted keys come
    /// in order), as text.
    static func text(of keys: [Int64]) -> String {
        let sorted = isAscending(keys) ? keys : keys.sorted()
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            let first = sorted[index]
            var last = first
            while index + 1 < sorted.count, sorted[index + 1] <= last + 1 {
                index += 1
                last = sorted[index]
            }
            parts.append(first == last ? String(first) : "\(first)-\(last)")
            index += 1
        }
        return parts.joined(separator: ",")
    }

    /// Whether every key is at most the next one.
    private static func isAscending(_ keys: [Int64]) -> Bool {
        zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The keys `text` holds, in order; parts that are not numbers or runs are skipped.
    static func keys(in text: String) -> [Int64] {
        var keys: [Int64] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1)
            guard let first = bounds.first.flatMap({ Int64($0) }) else { continue }
            let last = bounds.count == 2 ? Int64(bounds[1]) ?? first : first
            guard last >= first else { continue }
            keys.append(contentsOf: first...last)
        }
        return keys
    }
}

extension HistoryRecord {
    /// `records` after a migration to `model`: entity and property names recorded under their
    /// old names get the new ones (rows keep their keys, so every ID still names its row).
    static func migrated(
        _ records: [HistoryRecord], difference: ModelDifference, model: ManagedObjectModel
    ) -> [HistoryRecord] {
        let oldToNew = Dictionary(
            difference.entityMapping.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var propertyNames: [String: [String: String]] = [:]
        for entity in model.entities {
            var names: [String: String] = [:]
            for attribute in entity.allAttributes {
                if let old = difference.oldAttributeName(attribute.name, of: entity, in: model) {
                    names[old] = attribute.name
                }
            }
            for relationship in entity.allRelationships {
                if let old = difference.oldRelationshipName(relationship.name, of: entity, in: model) {
                    names[old] = relationship.name
                }
            }
            propertyNames[entity.name] = names
        }
        return records.map { record in
            var record = record
            record.groups = record.groups.map { group in
                var group = group
                group.entityName = oldToNew[group.entityName] ?? group.entityName
                let names = propertyNames[group.entityName] ?? [:]
                group.changedKeys = group.changedKeys.map { names[$0] ?? $0 }.sorted()
                return group
            }
            return record
        }
    }
}
