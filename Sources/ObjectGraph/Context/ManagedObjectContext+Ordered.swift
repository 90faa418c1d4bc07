import Foundation

extension ManagedObjectContext {
    /// The members, in order, of the ordered to-many relationships of `objects` that a save
    /// writes positions for: every loaded one of an inserted object, the changed ones of others.
    func orderedMemberships(of objects: [ManagedObject], isInserted: Bool) -> [JoinMembership] {
        var result: [JoinMembership] = []
        for object in objects where !object.entity.allRelationships.isEmpty {
            for (index, relationship) in object.entity.allRelationships.enumerated() where relationship.isOrdered {
                guard isInserted || object.changedKeys.contains(relationship.name), index < object.slots.count,
                    case .toMany = object.slots[index],
                    let members = object.orderedMembers(forKey: relationship.name)
                else { continue }
                result.append(
                    JoinMembership(
                        source: object.objectID, entityName: object.entity.name,
                        relationship: relationship.name,
                        members: members.filter { !$0.isDeleted && $0.managedObjectContext === self }
                            .map(\.objectID)))
            }
        }
        return result
    }
}
