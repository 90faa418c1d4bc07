import Foundation

extension ManagedObjectContext {
    /// How many members to-many relationship `key` has for each of `objects`, in their order,
    /// without loading the members: one store query counts them for all objects whose
    /// relationship is not loaded yet. (For a list of tags with their use counts, say, where
    /// reading each tag's `entries` would bring every entry into the context.)
    ///
    /// A relationship already loaded is counted as it stands, unsaved changes included; while
    /// the context has unsaved inserts, changes or deletes (which may add or remove members
    /// from the other side), or belongs to a parent context, every count is taken by loading the members.
    /// - Throws: ``FetchRequestError/unknownProperty(entity:key:)`` when `key` is not a to-many
    ///   relationship of an object; ``ObjectGraphError/noPersistentStore``; store errors.
    public func memberCounts(of key: String, for objects: [ManagedObject]) throws -> [Int] {
        let countsInStore = parent == nil && insertedList.isEmpty && updated.isEmpty && deleted.isEmpty
        var counts = [Int](repeating: 0, count: objects.count)
        // Objects to count in the store, by entity (the relationship may be declared on several).
        var pending: [ObjectIdentifier: (entity: EntityDescription, index: Int, positions: [Int])] = [:]
        for (position, object) in objects.enumerated() {
            object.fireFaultIfNeeded()
            guard let index = object.entity.relationshipIndexes[key], object.entity.allRelationships[index].isToMany
            else {
                throw FetchRequestError.unknownProperty(entity: object.entity.name, key: key)
            }
            if countsInStore, object.managedObjectContext === self, !object.objectID.isTemporaryID,
                index < object.slots.count, case .unloadedToMany = object.slots[index]
            {
                pending[ObjectIdentifier(object.entity), default: (object.entity, index, [])].positions.append(position)
            } else {
                counts[position] = object.members(at: index).count
            }
        }
        guard !pending.isEmpty else { return counts }
        let store = try persistentStoreCoordinator.store()
        for (entity, index, positions) in pending.values {
            let keys = positions.compactMap { objects[$0].objectID.primaryKey }
            let stored = try store.destinationCounts(
                of: keys, entity: entity, relationship: entity.allRelationships[index])
            for position in positions {
                counts[position] = objects[position].objectID.primaryKey.flatMap { stored[$0] } ?? 0
            }
        }
        return counts
    }
}
