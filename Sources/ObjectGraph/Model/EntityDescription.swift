import Foundation

/// One entity of a model: a kind of object, its properties, its place in a hierarchy.
///
/// You describe entities with the public initializer and hand them to
/// ``ManagedObjectModel/init(entities:)``; the model gives back resolved descriptions
/// (through ``ManagedObjectModel/entity(named:)`` and ``ManagedObject/entity``) in which
/// inherited properties, sub-entities and the entity number are filled in.
///
/// ## Topics
///
/// ### Describing an entity
/// - ``init(_:managedObjectClass:parent:isAbstract:attributes:relationships:uniquenessConstraints:renamingIdentifier:)``
/// - ``init(_:name:isAbstract:uniqueTogether:renamingIdentifier:)`` (from a typed class)
/// - ``name``, ``parentName``, ``isAbstract``, ``managedObjectClass``, ``renamingIdentifier``
///
/// ### Properties
/// - ``attributes``, ``relationships`` (declared here), ``allAttributes``, ``allRelationships`` (inherited too)
/// - ``attribute(named:)``, ``relationship(named:)``, ``uniquenessConstraints``
///
/// ### Its place in the hierarchy (filled in by the model)
/// - ``rootName``, ``ancestorNames``, ``subentityNames``, ``hierarchyNames``, ``isKind(of:)``, ``entityNumber``
public final class EntityDescription: Sendable, CustomStringConvertible {
    /// The entity's name, unique in the model.
    public let name: String
    /// The parent entity's name, or nil for a root entity.
    public let parentName: String?
    /// Abstract entities are never instantiated; only their sub-entities are.
    public let isAbstract: Bool
    /// The class instantiated for objects of the entity (a subclass of ``ManagedObject``).
    public let managedObjectClass: ManagedObject.Type
    /// Attributes declared on this entity itself.
    public let attributes: [AttributeDescription]
    /// Relationships declared on this entity itself.
    public let relationships: [RelationshipDescription]
    /// Groups of attribute names whose values must be unique together among stored objects.
    public let uniquenessConstraints: [[String]]
    /// The entity's name in the previous model version, for migration.
    public let renamingIdentifier: String?

    /// Every attribute, inherited ones first (root entity's first).
    public let allAttributes: [AttributeDescription]
    /// Every relationship, inherited ones first.
    public let allRelationships: [RelationshipDescription]
    /// Names of the direct sub-entities.
    public let subentityNames: [String]
    /// This entity's name and every descendant's name.
    public let hierarchyNames: [String]
    /// The root entity of the hierarchy (self for a root).
    public let rootName: String
    /// A number unique to the entity in the model, stored with each row.
    public let entityNumber: Int64
    /// The root entity's number (rows of one hierarchy share one key space).
    let rootEntityNumber: Int64
    /// Names of the parent, grandparent and so on up to the root.
    public let ancestorNames: [String]

    let attributeIndexes: [String: Int]
    let relationshipIndexes: [String: Int]
    /// Each attribute's default as stored, by index in ``allAttributes``.
    let defaultValues: [StoredValue]
    /// Indexes of transient attributes (never written to a store).
    let transientAttributeIndexes: [Int]
    /// Indexes of binary attributes.
    let binaryAttributeIndexes: [Int]
    /// Each attribute's type, by index (read on hot paths without copying whole descriptions).
    let attributeTypes: [AttributeType]
    /// Attribute names by index, searched linearly when there are few (faster than hashing).
    let attributeNames: [String]
    /// The UTF-8 length of each attribute name.
    let attributeNameLengths: [Int]
    /// Each attribute name's two words as `String` keeps them (see ``StringBits``).
    let attributeNameBits: [StringBits]
    /// Indexes of stored attributes that are required or carry a rule: the ones a save validates.
    let validatedAttributeIndexes: [Int]
    /// The derived attributes (``AttributeDescription/derivation``), by index, with their
    /// parsed expressions: what a save computes before it validates.
    let derivedAttributes: [(index: Int, expression: FetchExpression)]
    /// Attribute indexes by the byte offset of a typed property's storage in the class's objects
    /// (-1 for none; see ``TypedFields``): how an ``Attribute`` getter finds its value.
    let typedAttributeSlots: [Int32]

    /// Names of declared relationships without an inverse whose inverse the model takes from
    /// the destination's relationship that names them as its inverse (typed classes declare an
    /// inverse on one side only: on both, the key paths would be a cycle for the compiler).
    let inverseFromDestination: Set<String>

    /// Describes an entity. `managedObjectClass` defaults to ``ManagedObject`` itself.
    public convenience init(
        _ name: String, managedObjectClass: ManagedObject.Type = ManagedObject.self,
        parent: String? = nil, isAbstract: Bool = false,
        attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
        uniquenessConstraints: [[String]] = [], renamingIdentifier: String? = nil
    ) {
        self.init(
            name, managedObjectClass: managedObjectClass, parent: parent, isAbstract: isAbstract,
            attributes: attributes, relationships: relationships, uniquenessConstraints: uniquenessConstraints,
            renamingIdentifier: renamingIdentifier, inverseFromDestination: [])
    }

    /// Describes an entity, some of whose relationships take their inverse from the destination.
    init(
        _ name: String, managedObjectClass: ManagedObject.Type, parent: String?, isAbstract: Bool,
        attributes: [AttributeDescription], relationships: [RelationshipDescription],
        uniquenessConstraints: [[String]], renamingIdentifier: String?, inverseFromDestination: Set<String>
    ) {
        self.inverseFromDestination = inverseFromDestination
        self.name = name
        self.parentName = parent
        self.isAbstract = isAbstract
        self.managedObjectClass = managedObjectClass
        self.attributes = attributes
        self.relationships = relationships
        self.uniquenessConstraints = uniquenessConstraints
        self.renamingIdentifier = renamingIdentifier
        self.allAttributes = attributes
        self.allRelationships = relationships
        self.subentityNames = []
        self.hierarchyNames = [name]
        self.rootName = name
        self.entityNumber = 0
        self.rootEntityNumber = 0
        self.ancestorNames = parent.map { [$0] } ?? []
        let attributeIndexes = Self.indexes(attributes.map(\.name))
        self.attributeIndexes = attributeIndexes
        typedAttributeSlots = TypedFields.attributeSlots(of: managedObjectClass) { attributeIndexes[$0] }
        self.relationshipIndexes = Self.indexes(relationships.map(\.name))
        (defaultValues, transientAttributeIndexes, binaryAttributeIndexes) = Self.storageFacts(attributes)
        (attributeTypes, attributeNames, validatedAttributeIndexes) = Self.accessFacts(attributes)
        attributeNameLengths = attributeNames.map(\.utf8.count)
        attributeNameBits = attributeNames.map(StringBits.init)
        derivedAttributes = Self.derivations(attributes, entity: name)
    }

    /// A resolved copy, made by the model.
    init(
        resolving declared: EntityDescription, allAttributes: [AttributeDescription],
        allRelationships: [RelationshipDescription], subentityNames: [String],
        hierarchyNames: [String], ancestorNames: [String], rootName: String, entityNumber: Int64,
        rootEntityNumber: Int64
    ) {
        name = declared.name
        inverseFromDestination = declared.inverseFromDestination
        parentName = declared.parentName
        isAbstract = declared.isAbstract
        managedObjectClass = declared.managedObjectClass
        attributes = declared.attributes
        relationships = declared.relationships
        uniquenessConstraints = declared.uniquenessConstraints
        renamingIdentifier = declared.renamingIdentifier
        self.allAttributes = allAttributes
        self.allRelationships = allRelationships
        self.subentityNames = subentityNames
        self.hierarchyNames = hierarchyNames
        self.rootName = rootName
        self.entityNumber = entityNumber
        self.rootEntityNumber = rootEntityNumber
        self.ancestorNames = ancestorNames
        let attributeIndexes = Self.indexes(allAttributes.map(\.name))
        self.attributeIndexes = attributeIndexes
        typedAttributeSlots = TypedFields.attributeSlots(of: declared.managedObjectClass) { attributeIndexes[$0] }
        relationshipIndexes = Self.indexes(allRelationships.map(\.name))
        (defaultValues, transientAttributeIndexes, binaryAttributeIndexes) = Self.storageFacts(allAttributes)
        (attributeTypes, attributeNames, validatedAttributeIndexes) = Self.accessFacts(allAttributes)
        attributeNameLengths = attributeNames.map(\.utf8.count)
        attributeNameBits = attributeNames.map(StringBits.init)
        derivedAttributes = Self.derivations(allAttributes, entity: declared.name)
    }

    /// The derived attributes of `attributes` with their parsed expressions (the model refuses
    /// one that does not parse before any object is made).
    private static func derivations(
        _ attributes: [AttributeDescription],
        entity: String
    ) -> [(index: Int, expression: FetchExpression)] {
        attributes.indices.compactMap { index in
            (try? attributes[index].derivationExpression(entity: entity)).flatMap { $0 }.map { (index, $0) }
        }
    }

    private static func accessFacts(_ attributes: [AttributeDescription]) -> ([AttributeType], [String], [Int]) {
        let validated = attributes.indices.filter { index in
            let attribute = attributes[index]
            return !attribute.isTransient
                && (!attribute.isOptional || attribute.minValue != nil || attribute.maxValue != nil
                    || attribute.minDate != nil || attribute.maxDate != nil || attribute.minLength != nil
                    || attribute.maxLength != nil || attribute.pattern != nil)
        }
        return (attributes.map(\.type), attributes.map(\.name), validated)
    }

    /// The index of attribute `key` in ``allAttributes``, or nil.
    @inline(__always)
    func attributeIndex(_ key: String) -> Int? {
        if attributeNames.count <= 8 {
            // A key with the very words of a name is that name (a literal key is, every call):
            // found without a string comparison. bench: objectgraph/fetch-100k-read
            let bits = StringBits(key)
            for index in attributeNameBits.indices where attributeNameBits[index] == bits { return index }
            // Comparing lengths first skips most full string comparisons.
            let length = key.utf8.count
            for index in attributeNames.indices
            where attributeNameLengths[index] == length && attributeNames[index] == key {
                return index
            }
            return nil
        }
        return attributeIndexes[key]
    }

    private static func storageFacts(_ attributes: [AttributeDescription]) -> ([StoredValue], [Int], [Int]) {
        let defaults = attributes.map { attribute in
            attribute.defaultValue.flatMap { StoredValue($0, for: attribute.type) } ?? .null
        }
        let transient = attributes.indices.filter { attributes[$0].isTransient }
        let binary = attributes.indices.filter { attributes[$0].type == .binary }
        return (defaults, transient, binary)
    }

    private static func indexes(_ names: [String]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (index, name) in names.enumerated() where result[name] == nil { result[name] = index }
        return result
    }

    /// The attribute `name` (inherited ones included), or nil.
    public func attribute(named name: String) -> AttributeDescription? {
        attributeIndexes[name].map { allAttributes[$0] }
    }

    /// The relationship `name` (inherited ones included), or nil.
    public func relationship(named name: String) -> RelationshipDescription? {
        relationshipIndexes[name].map { allRelationships[$0] }
    }

    /// Whether this entity is `other` or descends from it.
    public func isKind(of other: String) -> Bool {
        name == other || ancestorNames.contains(other)
    }

    /// One line naming the entity and its parent.
    public var description: String {
        parentName.map { "\(name) : \($0)" } ?? name
    }
}
