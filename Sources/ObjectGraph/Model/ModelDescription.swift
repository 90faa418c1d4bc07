import Foundation

/// The full description of a model in a `Codable` canonical form, kept in every store's
/// metadata beside the version hash, so a store opened with a changed model knows what it
/// was written with and can be migrated.
///
/// It holds what shapes storage (entities, parents, attributes with their types and flags,
/// relationships with their inverses, uniqueness constraints), in declaration order.
/// Validation rules, classes, defaults and delete rules are left out.
public struct ModelDescription: Codable, Sendable, Hashable {
    /// One entity as stored.
    public struct Entity: Codable, Sendable, Hashable {
        /// The entity's name.
        public var name: String
        /// The parent entity's name, or nil for a root.
        public var parent: String?
        /// Whether the entity is abstract.
        public var isAbstract: Bool
        /// Attributes declared on the entity itself, transient ones included, in declaration order.
        public var attributes: [Attribute]
        /// Relationships declared on the entity itself, in declaration order.
        public var relationships: [Relationship]
        /// Groups of attribute names unique together.
        public var uniquenessConstraints: [[String]]
    }

    /// One attribute as stored.
    public struct Attribute: Codable, Sendable, Hashable {
        /// The attribute's name.
        public var name: String
        /// The value type.
        public var type: AttributeType
        /// Whether nil is allowed.
        public var isOptional: Bool
        /// Whether the attribute is never stored.
        public var isTransient: Bool
        /// Whether the store keeps an index on it.
        public var isIndexed: Bool
        /// Whether large values live in blob files.
        public var allowsExternalStorage: Bool
        /// Whether the attribute is marked for full-text search.
        public var isSearchable: Bool
    }

    /// One relationship as stored.
    public struct Relationship: Codable, Sendable, Hashable {
        /// The relationship's name.
        public var name: String
        /// The destination entity's name.
        public var destination: String
        /// The inverse's name, or nil.
        public var inverse: String?
        /// To-many or to-one.
        public var isToMany: Bool
        /// Whether a to-many is ordered (nil, as in descriptions written before ordered relationships: no).
        public var isOrdered: Bool?
    }

    /// The entities, in declaration order.
    public var entities: [Entity]

    /// The description of `model`.
    public init(model: ManagedObjectModel) {
        entities = model.entities.map { entity in
            Entity(
                name: entity.name, parent: entity.parentName, isAbstract: entity.isAbstract,
                attributes: entity.attributes.map {
                    Attribute(
                        name: $0.name, type: $0.type, isOptional: $0.isOptional, isTransient: $0.isTransient,
                        isIndexed: $0.isIndexed, allowsExternalStorage: $0.allowsExternalStorage,
                        isSearchable: $0.isSearchable)
                },
                relationships: entity.relationships.map {
                    Relationship(
                        name: $0.name, destination: $0.destination, inverse: $0.inverse, isToMany: $0.isToMany,
                        isOrdered: $0.isOrdered ? true : nil)
                },
                uniquenessConstraints: entity.uniquenessConstraints)
        }
    }

    /// The entity `name`, or nil.
    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }

    /// A model with the same storage as the described one (plain ``ManagedObject`` classes,
    /// no defaults or rules), from which a store derives the layout it was written with.
    /// - Throws: ``ModelError`` when the description does not form a valid model.
    public func makeModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(
            entities: entities.map { entity in
                EntityDescription(
                    entity.name, parent: entity.parent, isAbstract: entity.isAbstract,
                    attributes: entity.attributes.map {
                        AttributeDescription(
                            $0.name, $0.type, isOptional: $0.isOptional, isTransient: $0.isTransient,
                            isIndexed: $0.isIndexed, allowsExternalStorage: $0.allowsExternalStorage,
                            isSearchable: $0.isSearchable)
                    },
                    relationships: entity.relationships.map {
                        RelationshipDescription(
                            $0.name, destination: $0.destination, inverse: $0.inverse,
                            isToMany: $0.isToMany, isOrdered: $0.isOrdered ?? false)
                    },
                    uniquenessConstraints: entity.uniquenessConstraints)
            })
    }
}
