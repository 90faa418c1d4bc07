import Foundation

extension ManagedObjectModel {
    /// Checks relationships, inverses, defaults, rules and constraints of resolved entities.
    static func validate(_ entities: [EntityDescription], byName: [String: EntityDescription]) throws {
        for entity in entities {
            for relationship in entity.relationships {
                try validate(relationship, of: entity, byName: byName)
            }
            for attribute in entity.attributes {
                try validate(attribute, of: entity)
                _ = try attribute.derivationExpression(entity: entity.name)
            }
            for key in entity.uniquenessConstraints.joined() {
                guard let attribute = entity.attribute(named: key), !attribute.isTransient else {
                    throw ModelError.unknownConstraintKey(entity: entity.name, key: key)
                }
            }
        }
    }

    private static func validate(
        _ relationship: RelationshipDescription, of entity: EntityDescription,
        byName: [String: EntityDescription]
    ) throws {
        guard let destination = byName[relationship.destination] else {
            throw ModelError.unknownDestination(
                entity: entity.name, relationship: relationship.name,
                destination: relationship.destination)
        }
        guard let inverseName = relationship.inverse else { return }
        guard let inverse = destination.relationship(named: inverseName) else {
            throw ModelError.unknownInverse(entity: entity.name, relationship: relationship.name, inverse: inverseName)
        }
        // The inverse must point back at this entity (or an ancestor of it) through this relationship.
        let pointsBack =
            inverse.inverse == relationship.name
            && (inverse.destination == entity.name || entity.ancestorNames.contains(inverse.destination))
        guard pointsBack else {
            throw ModelError.mismatchedInverse(
                entity: entity.name, relationship: relationship.name, inverse: inverseName)
        }
    }

    private static func validate(_ attribute: AttributeDescription, of entity: EntityDescription) throws {
        if let value = attribute.defaultValue, StoredValue(value, for: attribute.type) == nil {
            throw ModelError.invalidDefault(
                entity: entity.name, attribute: attribute.name,
                expected: attribute.type.swiftTypeName)
        }
        func fail(_ reason: String) -> ModelError {
            ModelError.invalidRule(entity: entity.name, attribute: attribute.name, reason: reason)
        }
        if attribute.allowsExternalStorage && attribute.type != .binary {
            throw fail("external storage is only for binary attributes")
        }
        if attribute.isSearchable && attribute.type != .string {
            throw fail("only string attributes can be searchable")
        }
        if attribute.preservesValueInHistoryOnDeletion && (attribute.type == .binary || attribute.isTransient) {
            throw fail("only stored attributes that are not binary keep their value in history on deletion")
        }
        if (attribute.minValue != nil || attribute.maxValue != nil) && !attribute.type.isNumeric {
            throw fail("min/max values are only for numeric attributes")
        }
        if (attribute.minDate != nil || attribute.maxDate != nil) && attribute.type != .date {
            throw fail("min/max dates are only for date attributes")
        }
        if (attribute.minLength != nil || attribute.maxLength != nil || attribute.pattern != nil)
            && attribute.type != .string
        {
            throw fail("length and pattern rules are only for string attributes")
        }
        if let pattern = attribute.pattern, (try? NSRegularExpression(pattern: pattern)) == nil {
            throw fail("'\(pattern)' is not a valid regular expression")
        }
    }
}
