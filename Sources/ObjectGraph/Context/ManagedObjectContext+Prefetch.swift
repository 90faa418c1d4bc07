import Foundation

extension ManagedObjectContext {
    /// Loads to-many relationship `key` of all of `objects` at once, with the destination
    /// objects' values: one store query per entity (the SQLite store reads up to 500 sources
    /// per statement) instead of one query per object, and one per destination, when each
    /// relationship is first read. For listing many objects with their related ones.
    ///
    /// Unsaved changes made from the other side are applied, as when the relationship is read.
    /// Objects whose relationship is loaded already (it may hold unsaved changes), faults,
    /// unsaved objects, objects of another context and entities without a to-many `key` are
    /// left as they are.
    /// - Throws: ``ObjectGraphError/noPersistentStore``, store errors.
    public func prefetch(_ key: String, of objects: [ManagedObject]) throws {
        var groups: [String: (entity: EntityDescription, index: Int, objects: [ManagedObject])] = [:]
        for object in objects where object.managedObjectContext === self && !object.isFault
            && !object.objectID.isTemporaryID {
            guard let index = object.entity.relationshipIndexes[key], object.entity.allRelationships[index].isToMany,
                  index < object.slots.count, case .unloadedToMany = object.slots[index] else { continue }
            groups[object.entity.name, default: (object.entity, index, [])].objects.append(object)
        }
        guard !groups.isEmpty else { return }
        let store = try persistentStoreCoordinator.store()
        for (entity, index, group) in groups.values {
            let rows = try store.destinationRows(of: group.map(\.objectID), relationship: entity.allRelationships[index],
                                                 in: entity)
            var members: [Int64: Set<ManagedObject>] = [:]
            var loaded: [ManagedObject] = []
            for (source, row) in rows {
                let (object, didLoad) = materialize(row, asFault: false)
                members[source, default: []].insert(object)
                if didLoad { loaded.append(object) }
            }
            for object in group {
                guard case .unloadedToMany = object.slots[index], let key = object.objectID.primaryKey else { continue }
                var current = members[key] ?? []
                applyUnsavedChanges(to: &current, of: object, relationshipAt: index)
                object.slots[index] = .toMany(current)
            }
            // Hooks run after the store is done, so they may fire faults.
            for object in loaded { object.awakeFromFetch() }
        }
    }
}
