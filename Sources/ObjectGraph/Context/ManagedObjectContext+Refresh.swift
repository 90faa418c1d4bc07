import Foundation

/// Refreshing objects from the store (Core Data's `refresh(_:mergeChanges:)` and `refreshAllObjects()`).
extension ManagedObjectContext {
    /// Brings `object` up to date with its stored row.
    ///
    /// With `mergeChanges` false, the object's pending changes (edits, and a pending delete) are
    /// discarded and it becomes a fault that reads its row on next access. With `mergeChanges`
    /// true, an object without changes becomes a fault too; one with changes reads its row now,
    /// takes the stored values of every key it did not change and keeps (reapplies) its own
    /// changes over them, and counts as having read that row's version, so its next save writes
    /// over it without a conflict. A pending delete is kept. Objects inserted and not yet saved,
    /// and objects of other contexts, are left as they are. Changes made here to the other side
    /// of a relationship (another object's set) are that object's, and stay.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        guard object.managedObjectContext === self, !object.isInserted else { return }
        if !mergeChanges || !object.hasChanges {
            turnIntoFault(object)
            return
        }
        guard !object.isFault, let row = try? rowSource().row(for: object.objectID) else { return }
        object.resolveDeferredValues()
        let entity = object.entity
        for (index, attribute) in entity.allAttributes.enumerated()
        where !object.changedKeys.contains(attribute.name) && index < row.attributes.count
            && index < object.values.count
        {
            object.values[index] = row.attributes[index]
        }
        for (index, relationship) in entity.allRelationships.enumerated()
        where !object.changedKeys.contains(relationship.name) && index < object.slots.count {
            object.slots[index] =
                relationship.isToMany ? .unloadedToMany : .toOneID(index < row.toOne.count ? row.toOne[index] : nil)
        }
        object.committed = row.attributes
        object.committedToOne = row.toOne
        object.rowVersion = row.version
        object.holdsFetchedRow = false
    }

    /// Refreshes every registered object as ``refresh(_:mergeChanges:)`` with `mergeChanges`
    /// true: objects without changes become faults, changed ones take the stored values under
    /// their own changes.
    public func refreshAllObjects() {
        for object in registry.values { refresh(object, mergeChanges: true) }
    }

    /// Discards `object`'s pending changes and makes it a fault.
    private func turnIntoFault(_ object: ManagedObject) {
        if object.hasChanges {
            updated.remove(object)
            if object.isDeleted {
                deleted.remove(object)
                object.isDeleted = false
            }
            object.changedKeys = []
            object.typeProblems = [:]
            pendingUpdated.removeAll { $0 === object }
            pendingDeleted.removeAll { $0 === object }
        }
        object.isFault = true
        object.holdsFetchedRow = false
    }
}
