import Foundation

extension ManagedObjectModel {
    /// The name under which the stores keep the positions of ordered to-many `relationship` of
    /// `entity` (`Z_ORDER_<declaring entity>_<relationship>`), or nil when it is not ordered.
    func orderName(of relationship: RelationshipDescription, in entity: EntityDescription) -> String? {
        guard relationship.isOrdered else { return nil }
        var declaring = entity
        while let parentName = declaring.parentName, let parent = self.entity(named: parentName),
            parent.allRelationships.contains(where: { $0.name == relationship.name })
        {
            declaring = parent
        }
        return "Z_ORDER_\(declaring.name)_\(relationship.name)"
    }
}
