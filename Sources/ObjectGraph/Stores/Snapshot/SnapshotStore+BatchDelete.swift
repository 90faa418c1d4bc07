import Foundation

extension SnapshotStore {
    /// Finds the matched rows and their cascaded destinations in the current snapshot, checks
    /// the deny rules, then writes the deletion as one save (which clears the links to the rows
    /// and removes blob files no row refers to any more).
    func batchDelete(
        _ request: StoreFetch, collectsIDs: Bool, author: String?,
        contextName: String?
    ) throws -> (count: Int, ids: [ObjectID]) {
        var plain = request
        plain.sortOrderings = []
        plain.limit = nil
        plain.offset = 0
        let graph = currentSnapshot
        var pending = try rows(plain).map(\.objectID)
        var seen = Set(pending)
        var deleted: [ObjectID] = []
        while let id = pending.popLast() {
            deleted.append(id)
            guard let key = id.primaryKey, let entity = model.entity(named: id.entityName) else { continue }
            for relationship in entity.allRelationships
            where relationship.deleteRule == .cascade || relationship.deleteRule == .deny {
                let destinations: [ObjectID]
                if relationship.isToMany {
                    destinations = Self.destinations(
                        in: graph, model: model, entity: entity, key: key, relationship: relationship)
                } else {
                    destinations =
                        (row(in: graph, root: entity.rootName, key: key)?.toOne)
                        .flatMap { toOne in
                            entity.relationshipIndexes[relationship.name].flatMap { $0 < toOne.count ? toOne[$0] : nil }
                        }
                        .map { [$0] } ?? []
                }
                guard !destinations.isEmpty else { continue }
                if relationship.deleteRule == .deny {
                    throw ObjectGraphError.validationFailed([
                        .deniedBatchDelete(of: id, relationship: relationship.name)
                    ])
                }
                for destination in destinations where seen.insert(destination).inserted { pending.append(destination) }
            }
        }
        guard !deleted.isEmpty else { return (0, []) }
        var changes = StoreChanges()
        changes.deleted = deleted
        changes.author = author
        changes.contextName = contextName
        _ = try save(changes)
        return (deleted.count, deleted)
    }
}
