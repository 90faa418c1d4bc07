import Foundation

/// Positions of ordered to-many members in the in-memory and binary stores (kept in the graph).
extension SnapshotStore {
    /// Replaces the positions of each ordered membership's source in `graph`.
    static func writePositions(
        of changes: StoreChanges, insertedKeys: [Int64], model: ManagedObjectModel,
        in graph: inout GraphSnapshot
    ) {
        let key = changes.keyResolver(insertedKeys: insertedKeys)
        var orders = graph.orders ?? [:]
        for membership in changes.orderedMemberships {
            guard let entity = model.entity(named: membership.entityName),
                let relationship = entity.relationship(named: membership.relationship),
                let name = model.orderName(of: relationship, in: entity), let source = key(membership.source)
            else { continue }
            orders[name, default: [:]][source] = membership.members.compactMap(key)
        }
        graph.orders = orders
    }

    /// `members` with those that have a position first, in that order, then the others as they came (by key).
    static func ordered(_ members: [ObjectID], by positions: [Int64]) -> [ObjectID] {
        var place: [Int64: Int] = [:]
        for (index, key) in positions.enumerated() where place[key] == nil { place[key] = index }
        return members.enumerated().sorted { a, b in
            switch (a.element.primaryKey.flatMap { place[$0] }, b.element.primaryKey.flatMap { place[$0] }) {
            case (let x?, let y?): x < y
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.offset < b.offset
            }
        }.map(\.element)
    }
}
