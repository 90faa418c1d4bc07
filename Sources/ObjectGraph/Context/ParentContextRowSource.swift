import Foundation

/// A parent context as its child contexts read it: the rows are the parent's objects as they
/// are now, unsaved inserts, changes and deletes included. Only a ``RowSource``, not a store:
/// writes never come here (a child's save goes into the parent's objects), and like the
/// contexts it reads it is not `Sendable` (a child context and its parent are used on one
/// thread or task, see ``ManagedObjectContext/init(parent:)``).
struct ParentContextRowSource: RowSource {
    let parent: ManagedObjectContext

    func fetch(_ request: StoreFetch, _ visit: (inout StoreRow) throws -> Void) throws {
        for object in try parent.fetch(fetchRequest(request)) {
            var row = row(of: object)
            try visit(&row)
        }
    }

    func count(_ request: StoreFetch) throws -> Int {
        try parent.count(for: fetchRequest(request))
    }

    func row(for id: ObjectID) throws -> StoreRow? {
        object(for: id).map(row(of:))
    }

    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID] {
        guard let object = object(for: id), let index = object.entity.relationshipIndexes[relationship.name] else {
            return []
        }
        // An ordered relationship's members in the parent's order, as a store gives them.
        let members =
            relationship.isOrdered
            ? object.orderedMembers(forKey: relationship.name) ?? []
            : Array(object.members(at: index))
        return members.filter { !$0.isDeleted && $0.managedObjectContext === parent }.map(\.objectID)
    }

    /// The parent's live object of `id`, or nil when it has none or deleted it.
    private func object(for id: ObjectID) -> ManagedObject? {
        guard let object = try? parent.existingObject(with: id), !object.isDeleted,
            object.managedObjectContext === parent
        else { return nil }
        return object
    }

    private func row(of object: ManagedObject) -> StoreRow {
        object.fireFaultIfNeeded()
        let toOne: [ObjectID?] = object.entity.allRelationships.indices.map { index in
            object.entity.allRelationships[index].isToMany
                ? nil
                : object.destination(at: index).flatMap { destination in
                    destination.isDeleted || destination.managedObjectContext !== parent ? nil : destination.objectID
                }
        }
        return StoreRow(
            entity: object.entity, objectID: object.objectID, version: object.rowVersion,
            attributes: object.values, toOne: toOne)
    }

    private func fetchRequest(_ fetch: StoreFetch) -> FetchRequest<ManagedObject> {
        var request = FetchRequest(
            entityName: fetch.entity.name, predicate: fetch.predicate, sortOrderings: fetch.sortOrderings)
        request.includesSubentities = fetch.includesSubentities
        request.fetchLimit = fetch.limit
        request.fetchOffset = fetch.offset
        return request
    }
}
