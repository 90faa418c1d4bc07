import Foundation

extension ManagedObjectContext {
    /// Loads to-many or to-one relationship `key` of all of `objects` at once, with the
    /// destination objects' values: one store query for the sources' faults and one for the
    /// destinations, instead of one per object when each relationship is first read. For
    /// listing many objects with their related ones; the same work as a fetch request's
    /// `relationshipKeyPathsForPrefetching`, for objects already fetched.
    ///
    /// Unsaved changes made from the other side are applied, as when the relationship is read.
    /// Relationships already loaded (they may hold unsaved changes) are kept; objects of
    /// another context are left alone.
    /// - Throws: ``FetchRequestError/unknownProperty(entity:key:)`` when none of the objects
    ///   has a relationship `key`; ``ObjectGraphError/noPersistentStore``; store errors.
    public func prefetch(_ key: String, of objects: [ManagedObject]) throws {
        let own = objects.filter { $0.managedObjectContext === self && !$0.objectID.isTemporaryID }
        guard !own.isEmpty else { return }
        try prefetch([key], for: own)
    }

    /// Loads the destinations of `keyPaths` (`"media"`, `"entry.tags"`) for all of `objects`:
    /// per step one query for the faults among the sources and one for the destinations,
    /// however many objects there are. Relationships already loaded (or changed) are kept.
    /// - Throws: ``FetchRequestError/unknownProperty(entity:key:)`` for a step that is not a
    ///   relationship of the objects; store errors.
    func prefetch(_ keyPaths: [String], for objects: [ManagedObject]) throws {
        for keyPath in keyPaths {
            var level = objects
            for name in keyPath.split(separator: ".").map(String.init) where !level.isEmpty {
                level = try prefetchStep(name, of: level)
            }
        }
    }

    /// Loads relationship `name` of `objects`; returns the destinations reached.
    private func prefetchStep(_ name: String, of objects: [ManagedObject]) throws -> [ManagedObject] {
        let store = try persistentStoreCoordinator.store()
        try fill(objects.filter { !$0.holdsValues }, from: store)
        let owners = objects.filter { $0.entity.relationshipIndexes[name] != nil }
        guard let first = owners.first, let index = first.entity.relationshipIndexes[name] else {
            throw FetchRequestError.unknownProperty(entity: objects.first?.entity.name ?? "?", key: name)
        }
        let relationship = first.entity.allRelationships[index]
        guard relationship.isToMany else {
            var wanted: [ObjectID] = []
            for owner in owners {
                guard let position = owner.entity.relationshipIndexes[name], position < owner.slots.count,
                    case .toOneID(let id?) = owner.slots[position]
                else { continue }
                if !(registeredObject(for: id)?.holdsValues ?? false) { wanted.append(id) }
            }
            try fill(wanted, from: store)
            return owners.compactMap { owner in owner.entity.relationshipIndexes[name].flatMap(owner.destination(at:)) }
        }

        // Owners are mostly of one entity: look the relationship's position up once per entity.
        var positions: [ObjectIdentifier: Int] = [:]
        func position(in owner: ManagedObject) -> Int? {
            let entity = ObjectIdentifier(owner.entity)
            if let known = positions[entity] { return known }
            let found = owner.entity.relationshipIndexes[name]
            positions[entity] = found
            return found
        }
        var unloaded: [(owner: ManagedObject, position: Int)] = []
        var ownerIndexes: [Int64: Int] = [:]
        var reached: [ManagedObject] = []
        for owner in owners {
            guard let position = position(in: owner), position < owner.slots.count else { continue }
            if case .unloadedToMany = owner.slots[position], let key = owner.objectID.primaryKey {
                if ownerIndexes.updateValue(unloaded.count, forKey: key) == nil { unloaded.append((owner, position)) }
            } else {
                reached.append(contentsOf: owner.members(at: position))
            }
        }
        guard !unloaded.isEmpty else { return reached }
        var members = [Set<ManagedObject>](repeating: [], count: unloaded.count)
        var loaded: [ManagedObject] = []
        if case .joinTable = managedObjectModel.storage(of: relationship, in: first.entity) {
            // Many owners share few destinations (a thousand entries, a dozen tags): read the
            // pairs of keys, then each destination row once, instead of a destination row per pair.
            let pairs = try store.destinationIDs(
                of: Array(ownerIndexes.keys), entity: first.entity, relationship: relationship)
            var seen = Set<ObjectID>()
            try fill(
                pairs.map(\.destination).filter {
                    seen.insert($0).inserted && !(registeredObject(for: $0)?.holdsValues ?? false)
                },
                from: store)
            for (owner, destination) in pairs {
                if let index = ownerIndexes[owner] { members[index].insert(object(with: destination)) }
            }
        } else {
            let rows = try store.destinationRows(
                of: Array(ownerIndexes.keys), entity: first.entity, relationship: relationship,
                defersBinaryValues: defersBinaryValues)
            for case (let owner, var row) in rows {
                let (member, didLoad) = materialize(&row, asFault: false)
                if didLoad { loaded.append(member) }
                if let index = ownerIndexes[owner] { members[index].insert(member) }
            }
        }
        for (index, (owner, position)) in unloaded.enumerated() {
            // Unsaved changes made from the other side count, as when the relationship is read.
            applyUnsavedChanges(to: &members[index], of: owner, relationshipAt: position)
            owner.slots[position] = .toMany(members[index])
            reached.append(contentsOf: members[index])
        }
        for member in loaded { member.awakeFromFetch() }
        return reached
    }

    /// Fills the faults of `objects` with one query.
    private func fill(_ objects: [ManagedObject], from store: any StoreBackend) throws {
        try fill(objects.map(\.objectID), from: store)
    }

    /// Loads the rows of `ids` with one query and fills (or registers) their objects.
    private func fill(_ ids: [ObjectID], from store: any StoreBackend) throws {
        let ids = ids.filter { !$0.isTemporaryID }
        guard !ids.isEmpty else { return }
        var loaded: [ManagedObject] = []
        for var row in try store.rows(for: ids) {
            let (object, didLoad) = materialize(&row, asFault: false)
            if didLoad { loaded.append(object) }
        }
        for object in loaded { object.awakeFromFetch() }
    }
}
