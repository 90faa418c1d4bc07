import Foundation

extension SnapshotStore {
    func fetchIDs(_ request: StoreFetch) throws -> [ObjectID] {
        try rows(request).map(\.objectID)
    }

    func rows(for ids: [ObjectID]) throws -> [StoreRow] {
        let graph = currentSnapshot
        return ids.compactMap { id in
            guard let key = id.primaryKey, let entity = model.entity(named: id.entityName) else { return nil }
            return row(in: graph, root: entity.rootName, key: key)
        }
    }

    func destinationRows(
        of owners: [Int64], entity: EntityDescription, relationship: RelationshipDescription,
        defersBinaryValues: Bool
    ) throws -> [(owner: Int64, row: StoreRow)] {
        let graph = currentSnapshot
        guard let destination = model.entity(named: relationship.destination) else { return [] }
        let root = destination.rootName
        let wanted = Set(owners)
        var pairs: [(owner: Int64, key: Int64)] = []
        switch model.storage(of: relationship, in: entity) {
        case .foreignKey:
            return []
        case .inverseForeignKey(let inverse):
            for (key, record) in graph.tables[root]?.records ?? [:] {
                guard let index = model.entity(named: record.entityName)?.relationshipIndexes[inverse],
                    index < record.toOne.count, let owner = record.toOne[index], wanted.contains(owner)
                else { continue }
                pairs.append((owner, key))
            }
        case .joinTable(let name, let isOwner):
            for join in graph.joins[name] ?? [] {
                let (owner, key) = isOwner ? (join.source, join.destination) : (join.destination, join.source)
                if wanted.contains(owner) { pairs.append((owner, key)) }
            }
        }
        pairs.sort { ($0.key, $0.owner) < ($1.key, $1.owner) }
        return pairs.compactMap { pair in row(in: graph, root: root, key: pair.key).map { (pair.owner, $0) } }
    }

    /// Reads the whole row (rows cost nothing to read from the snapshot).
    func storedValue(ofAttributeAt index: Int, of id: ObjectID) throws -> StoredValue? {
        guard let row = try rows(for: [id]).first, index < row.attributes.count else { return nil }
        return row.attributes[index]
    }

    /// The IDs of the rows ``destinationRows(of:entity:relationship:defersBinaryValues:)`` gives
    /// (the snapshot holds the whole graph in memory, where rows cost nothing to read).
    func destinationIDs(
        of owners: [Int64], entity: EntityDescription,
        relationship: RelationshipDescription
    ) throws -> [(owner: Int64, destination: ObjectID)] {
        try destinationRows(of: owners, entity: entity, relationship: relationship, defersBinaryValues: false)
            .map { ($0.owner, $0.row.objectID) }
    }

    /// Counts the rows ``destinationRows(of:entity:relationship:defersBinaryValues:)`` gives
    /// (as cheap as anything in a graph held in memory).
    func destinationCounts(
        of owners: [Int64], entity: EntityDescription,
        relationship: RelationshipDescription
    ) throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        let rows = try destinationRows(
            of: owners, entity: entity, relationship: relationship, defersBinaryValues: false)
        for (owner, _) in rows {
            counts[owner, default: 0] += 1
        }
        return counts
    }
}
