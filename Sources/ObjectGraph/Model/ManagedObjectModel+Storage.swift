import Foundation

/// How a relationship is kept in a store, the same for every store type.
enum RelationshipStorage: Sendable, Hashable {
    /// To-one: this row holds the destination's key.
    case foreignKey
    /// To-many whose inverse is to-one: the destination rows hold this row's key.
    case inverseForeignKey(inverse: String)
    /// Many-to-many, or to-many without inverse: rows of a join table. Only the owner side writes them;
    /// the owner's key goes in the `source` column, the other side's in `destination`.
    case joinTable(name: String, isOwner: Bool)
}

extension ManagedObjectModel {
    /// How `relationship` of `entity` is stored.
    func storage(of relationship: RelationshipDescription, in entity: EntityDescription) -> RelationshipStorage {
        guard relationship.isToMany else { return .foreignKey }
        guard let index = entity.relationshipIndexes[relationship.name] else {
            return Self.storage(of: relationship, in: entity, entitiesByName: entitiesByName)
        }
        return storage(ofRelationshipAt: index, in: entity)
    }

    /// How relationship `index` of `entity` is stored: from the table made with the model,
    /// worked out afresh for an entity that is not this model's.
    func storage(ofRelationshipAt index: Int, in entity: EntityDescription) -> RelationshipStorage {
        let number = Int(entity.entityNumber)
        guard number > 0, number < relationshipStorages.count, entitiesByNumber[number] === entity,
            index < relationshipStorages[number].count
        else {
            return Self.storage(of: entity.allRelationships[index], in: entity, entitiesByName: entitiesByName)
        }
        return relationshipStorages[number][index]
    }

    /// How `relationship` of `entity` is stored, worked out from the model's entities.
    static func storage(
        of relationship: RelationshipDescription, in entity: EntityDescription,
        entitiesByName: [String: EntityDescription]
    ) -> RelationshipStorage {
        guard relationship.isToMany else { return .foreignKey }
        let declaring = declaringEntityName(
            ofRelationship: relationship.name, in: entity, entitiesByName: entitiesByName)
        guard let inverseName = relationship.inverse,
            let destination = entitiesByName[relationship.destination],
            let inverse = destination.relationship(named: inverseName)
        else {
            return .joinTable(name: "Z_\(declaring)_\(relationship.name)", isOwner: true)
        }
        guard inverse.isToMany else { return .inverseForeignKey(inverse: inverseName) }
        let inverseDeclaring = declaringEntityName(
            ofRelationship: inverseName, in: destination, entitiesByName: entitiesByName)
        let mine = "\(declaring)_\(relationship.name)"
        let theirs = "\(inverseDeclaring)_\(inverseName)"
        let owner = mine <= theirs
        return .joinTable(name: "Z_" + (owner ? mine : theirs), isOwner: owner)
    }

    /// The entity that declares property `name` of `entity` (itself or an ancestor).
    private static func declaringEntityName(
        ofRelationship name: String, in entity: EntityDescription,
        entitiesByName: [String: EntityDescription]
    ) -> String {
        for candidate in entity.ancestorNames.reversed() + [entity.name]
        where entitiesByName[candidate]?.relationships.contains(where: { $0.name == name }) == true {
            return candidate
        }
        return entity.name
    }
}
