import Foundation

extension ManagedObjectContext {
    /// Deletes `object` and applies its relationships' delete rules at once: cascade deletes
    /// the destinations, nullify makes their inverses forget the object, deny is checked by
    /// the next save (which fails naming the relationship while it has destinations), no
    /// action leaves the destinations as they are. An object inserted and never saved simply
    /// leaves the context.
    public func delete(_ object: ManagedObject) {
        guard object.managedObjectContext === self, !object.isDeleted else { return }
        object.fireFaultIfNeeded()
        undoManager?.capture(object, in: self)
        object.prepareForDeletion()
        object.isDeleted = true
        if object.isInserted {
            object.isInserted = false
            insertedCount -= 1
        } else {
            deleted.insert(object)
            updated.remove(object)
        }
        pendingDeleted.append(object)
        for (index, relationship) in object.entity.allRelationships.enumerated() {
            switch relationship.deleteRule {
            case .cascade:
                let destinations = object.relatedObjects(at: index)
                for destination in destinations { delete(destination) }
                unlink(object, relationshipAt: index)
            case .nullify:
                unlink(object, relationshipAt: index)
            case .deny, .noAction:
                break
            }
        }
        if object.objectID.isTemporaryID {
            object.isDeleted = false
            object.managedObjectContext = nil
        }
    }

    /// Removes every destination of relationship `index`, clearing the inverses.
    private func unlink(_ object: ManagedObject, relationshipAt index: Int) {
        if object.entity.allRelationships[index].isToMany {
            for member in object.members(at: index) { object.removeMember(member, at: index) }
        } else {
            object.setDestination(nil, at: index)
        }
    }
}
