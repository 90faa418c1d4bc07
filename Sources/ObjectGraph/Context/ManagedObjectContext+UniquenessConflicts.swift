import Foundation

/// Uniqueness-constraint conflicts settled as upserts, as Core Data's merge policies settle an
/// `NSConstraintConflict`: an inserted object whose constrained values equal those of a stored
/// row (or of another object inserted in the same save) is not written as a second row. The
/// row keeps its identity, and the two objects' values are merged property by property:
///
/// - ``MergePolicy/objectTrumps``: the inserted object's values win, except where it holds none
///   (nil): a new object cannot tell "set to nil" from "never set", so nothing stored is lost
///   to an attribute nobody set.
/// - ``MergePolicy/overwrite``: every value of the inserted object wins, nil ones too.
/// - ``MergePolicy/storeTrumps``: the stored values win; the inserted object only fills in
///   values the row does not have.
/// - ``MergePolicy/rollback``: the stored values win, all of them.
///
/// To-many relationships are merged under every policy: the row keeps its members and gains
/// the inserted object's. Between two objects inserted in the same save, the later one's
/// values win as under ``MergePolicy/objectTrumps``.
///
/// When no object of the row is registered in the context, the inserted object itself
/// becomes the row's object (its ``ManagedObject/objectID`` turns into the row's), so the
/// caller's reference stays valid. When the context already holds the row's object, that one
/// takes the merged values and every relationship pointing at the inserted object, which
/// leaves the context (its ``ManagedObject/managedObjectContext`` is nil afterwards).
///
/// ``MergePolicy/error`` and ``MergePolicy/mergeUnlessClashing`` settle nothing: the save throws
/// ``ObjectGraphError/uniquenessViolation(entity:keys:)`` and writes nothing, and so does a
/// conflict this cannot settle (an updated object changed to another row's values, or a row of
/// a sibling entity of the hierarchy).
extension ManagedObjectContext {
    /// Whether ``mergePolicy`` settles uniqueness conflicts as upserts.
    var settlesUniquenessConflicts: Bool {
        switch mergePolicy {
        case .objectTrumps, .storeTrumps, .overwrite, .rollback: true
        case .error, .mergeUnlessClashing: false
        }
    }

    /// Merges every inserted object that clashes with another inserted one or with a stored row
    /// (see the type's documentation); returns whether anything was merged (a save then tries again).
    /// - Throws: ``StoreFailure``, ``StoreError``, ``SQLiteError`` when the store cannot be read.
    func settleUniquenessConflicts() throws -> Bool {
        let candidates = insertedList.filter { $0.isInserted && !constraints(of: $0.entity).isEmpty }
        guard !candidates.isEmpty else { return false }
        var merged = false
        // Between objects of this save: the first inserted survives, later ones merge into it.
        var survivors: [UniqueValues: ManagedObject] = [:]
        for object in candidates where object.isInserted {
            for (declaring, keys) in constraints(of: object.entity) {
                guard let values = uniqueValues(of: object, keys: keys, declaredBy: declaring) else { continue }
                if let survivor = survivors[values], survivor !== object {
                    guard survivor.entity === object.entity else { continue }
                    merge(object, into: survivor, incomingWins: Self.wins(.objectTrumps))
                    merged = true
                    break
                }
                survivors[values] = object
            }
        }
        // Against the store.
        let rows = try rowSource()
        for object in candidates where object.isInserted {
            for (declaring, keys) in constraints(of: object.entity) {
                guard let values = uniqueValues(of: object, keys: keys, declaredBy: declaring) else { continue }
                let predicate = FetchPredicate.and(zip(keys, values.values).map { .equals($0, $1.predicateValue) })
                var found: StoreRow?
                try rows.fetch(
                    StoreFetch(
                        entity: declaring, includesSubentities: true, predicate: predicate,
                        sortOrderings: [], limit: 1, offset: 0)
                ) { row in found = row }
                guard var row = found, row.entity === object.entity else { continue }
                if let registered = registeredObject(for: row.objectID) {
                    guard !registered.isDeleted else { continue }
                    registered.fireFaultIfNeeded()
                    merge(object, into: registered, incomingWins: Self.wins(mergePolicy))
                } else {
                    adopt(&row, as: object)
                }
                merged = true
                break
            }
        }
        return merged
    }

    /// The constrained values of one object under one constraint: equal for two objects that clash.
    private struct UniqueValues: Hashable {
        var entity: String
        var keys: [String]
        var values: [StoredValue]
    }

    /// The uniqueness constraints that apply to `entity`: its own and its ancestors', each with
    /// the entity that declares it (whose whole hierarchy the constraint spans).
    private func constraints(of entity: EntityDescription) -> [(EntityDescription, [String])] {
        var result: [(EntityDescription, [String])] = []
        var current: EntityDescription? = entity
        while let declaring = current {
            for keys in declaring.uniquenessConstraints { result.append((declaring, keys)) }
            current = declaring.parentName.flatMap { managedObjectModel.entity(named: $0) }
        }
        return result
    }

    /// `object`'s values of `keys`, or nil when one is nil (like SQL, such rows never clash).
    private func uniqueValues(
        of object: ManagedObject, keys: [String], declaredBy declaring: EntityDescription
    ) -> UniqueValues? {
        var values: [StoredValue] = []
        for key in keys {
            guard let index = object.entity.attributeIndexes[key], index < object.values.count,
                !object.values[index].isNull
            else { return nil }
            values.append(object.values[index])
        }
        return UniqueValues(entity: declaring.name, keys: keys, values: values)
    }

    /// Whether the inserted object's value (first) wins over the stored one (second) under `policy`.
    private static func wins(_ policy: MergePolicy) -> (StoredValue, StoredValue) -> Bool {
        switch policy {
        case .overwrite: { _, _ in true }
        case .storeTrumps: { _, stored in stored.isNull }
        case .rollback, .error, .mergeUnlessClashing: { _, _ in false }
        case .objectTrumps: { mine, _ in !mine.isNull }
        }
    }

    /// Makes the inserted `object` the object of the stored `row`: it takes the row's identity and
    /// values, then the values it held win or lose by ``mergePolicy``; what differs from the row
    /// is written by the save as an update.
    private func adopt(_ row: inout StoreRow, as object: ManagedObject) {
        let incoming = IncomingState(of: object)
        object.isInserted = false
        insertedCount -= 1
        object.objectID = row.objectID
        if let key = row.objectID.primaryKey {
            registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] = object
        }
        apply(&row, to: object)
        object.isFault = false
        object.holdsFetchedRow = false
        mergeValues(incoming, into: object, incomingWins: Self.wins(mergePolicy))
    }

    /// Merges the inserted `object` into `target` (which takes every relationship pointing at
    /// `object`); `object` leaves the context.
    private func merge(
        _ object: ManagedObject, into target: ManagedObject,
        incomingWins: (StoredValue, StoredValue) -> Bool
    ) {
        let incoming = IncomingState(of: object)
        // Whatever points at the leaving object points at the target instead.
        func redirect(_ other: ManagedObject) {
            guard other !== object, !other.isFault else { return }
            for index in other.slots.indices {
                switch other.slots[index] {
                case .toOne(let destination?) where destination === object:
                    other.slots[index] = .toOne(target)
                    other.markChanged(other.entity.allRelationships[index].name)
                case .toMany(var members) where members.contains(object):
                    members.remove(object)
                    members.insert(target)
                    other.slots[index] = .toMany(members)
                    other.markChanged(other.entity.allRelationships[index].name)
                default:
                    break
                }
            }
        }
        registry.forEach(redirect)
        for other in insertedList where other.isInserted { redirect(other) }
        object.isInserted = false
        insertedCount -= 1
        object.managedObjectContext = nil
        object.slots = []
        mergeValues(incoming, into: target, incomingWins: incomingWins)
    }

    /// The values and relationships an inserted object held before it was merged.
    private struct IncomingState {
        var values: [StoredValue]
        var toOne: [Int: ManagedObject?] = [:]
        var toMany: [Int: Set<ManagedObject>] = [:]

        init(of object: ManagedObject) {
            values = object.values
            for index in object.slots.indices {
                switch object.slots[index] {
                case .toOne(let destination): toOne[index] = destination
                case .toOneID(let id): toOne[index] = id.flatMap { object.managedObjectContext?.object(with: $0) }
                case .toMany(let members): toMany[index] = members
                case .unloadedToMany: break
                }
            }
        }
    }

    /// Gives `target` the incoming values that win, keeps its own otherwise, and adds the
    /// incoming to-many members to its own; every key that ends up other than stored is changed.
    private func mergeValues(
        _ incoming: IncomingState, into target: ManagedObject,
        incomingWins: (StoredValue, StoredValue) -> Bool
    ) {
        for (index, attribute) in target.entity.allAttributes.enumerated()
        where !attribute.isTransient && index < incoming.values.count && index < target.values.count {
            let mine = incoming.values[index]
            guard mine != target.values[index], incomingWins(mine, target.values[index]) else { continue }
            target.values[index] = mine
            target.markChanged(attribute.name)
        }
        for (index, relationship) in target.entity.allRelationships.enumerated() where index < target.slots.count {
            if relationship.isToMany {
                guard let members = incoming.toMany[index], !members.isEmpty else { continue }
                // Loading applies this context's unsaved changes, so the members may be there already.
                let current = target.members(at: index)
                let union = current.union(members)
                if union.count != current.count { target.slots[index] = .toMany(union) }
                // The side that owns the join table writes the membership whole; other sides' rows hold it.
                if case .joinTable(_, true) = managedObjectModel.storage(ofRelationshipAt: index, in: target.entity) {
                    target.markChanged(relationship.name)
                }
            } else {
                guard let incomingDestination = incoming.toOne[index] else { continue }
                let current = target.destination(at: index)
                guard incomingDestination !== current else { continue }
                let mineValue: StoredValue = incomingDestination == nil ? .null : .integer(0)
                let storedValue: StoredValue = current == nil ? .null : .integer(0)
                let winner = incomingWins(mineValue, storedValue) ? incomingDestination : current
                let loser = winner === current ? incomingDestination : current
                // From the loser, so that both destinations' inverses end up in step.
                target.slots[index] = .toOne(loser)
                target.setDestination(winner, at: index)
            }
        }
    }
}
