import Foundation

/// A relationship assignment refused because it named an object of another context (as Core
/// Data refuses it). Neither object changed; the context's next save throws
/// ``ObjectGraphError/wrongContext(_:)`` until the key is set again, or the context rolls back.
struct RefusedAssignment {
    /// The object whose relationship was to change.
    let object: ManagedObject
    /// The relationship.
    let key: String
    /// The object of another context it was to point at.
    let foreignID: ObjectID
}

extension ManagedObjectContext {
    /// Throws for the first refused assignment since the last rollback or reset.
    /// - Throws: ``ObjectGraphError/wrongContext(_:)`` naming the other context's object.
    func throwIfAssignmentsWereRefused() throws {
        if let refused = refusedAssignments.first { throw ObjectGraphError.wrongContext(refused.foreignID) }
    }
}

extension ManagedObject {
    /// Whether `destinations` all belong to this object's context. If one does not, the
    /// assignment to `key` is refused and remembered for the next save; an accepted one
    /// forgets an earlier refusal of the same key.
    func acceptsDestinations(_ destinations: some Sequence<ManagedObject>, forKey key: String) -> Bool {
        guard let context = managedObjectContext else { return true }
        if !context.refusedAssignments.isEmpty {
            context.refusedAssignments.removeAll { $0.object === self && $0.key == key }
        }
        for destination in destinations where destination.managedObjectContext !== context {
            context.refusedAssignments.append(
                RefusedAssignment(object: self, key: key, foreignID: destination.objectID))
            return false
        }
        return true
    }

    /// ``acceptsDestinations(_:forKey:)`` for one destination (nil always belongs).
    func acceptsDestination(_ destination: ManagedObject?, forKey key: String) -> Bool {
        if let destination {
            acceptsDestinations(CollectionOfOne(destination), forKey: key)
        } else {
            acceptsDestinations(EmptyCollection(), forKey: key)
        }
    }
}
