import Foundation

/// What happens to a relationship's destinations when its source object is deleted.
public enum DeleteRule: String, Sendable, Hashable {
    /// Nothing: destinations keep pointing at the deleted object until you fix them.
    case noAction
    /// The inverse relationship of each destination forgets the deleted object.
    case nullify
    /// The destinations are deleted too.
    case cascade
    /// The save fails while the relationship still has destinations.
    case deny
}

/// One relationship of an entity: destination, inverse, cardinality, delete rule.
///
/// ```swift
/// RelationshipDescription("media", destination: "Medium", inverse: "diaryEntry",
///                         isToMany: true, deleteRule: .cascade)
/// ```
public struct RelationshipDescription: Sendable, Hashable {
    /// The relationship's name, unique among the entity's properties.
    public var name: String
    /// The destination entity's name.
    public var destination: String
    /// The inverse relationship's name on the destination, or nil for none.
    public var inverse: String?
    /// To-many (a set of objects) or to-one (one object or nil).
    public var isToMany: Bool
    /// What deleting the source does to the destinations.
    public var deleteRule: DeleteRule
    /// Whether an empty to-one (nil) is allowed when saving.
    public var isOptional: Bool
    /// Fewest destinations a to-many must have when saving (if it is not empty and optional).
    public var minCount: Int?
    /// Most destinations a to-many may have when saving.
    public var maxCount: Int?
    /// The relationship's name in the previous model version, for migration.
    public var renamingIdentifier: String?
    /// Whether a to-many keeps its destinations in an order (Core Data's ordered relationships):
    /// positions are stored, and ``ManagedObject/orderedValue(forKey:)`` and its companions
    /// read and change them. False by default; a store migrates lightly either way.
    public var isOrdered: Bool

    /// Describes a relationship.
    public init(
        _ name: String, destination: String, inverse: String?, isToMany: Bool = false,
        deleteRule: DeleteRule = .nullify, isOptional: Bool = true,
        minCount: Int? = nil, maxCount: Int? = nil, renamingIdentifier: String? = nil, isOrdered: Bool = false
    ) {
        self.name = name
        self.destination = destination
        self.inverse = inverse
        self.isToMany = isToMany
        self.deleteRule = deleteRule
        self.isOptional = isOptional
        self.minCount = minCount
        self.maxCount = maxCount
        self.renamingIdentifier = renamingIdentifier
        self.isOrdered = isToMany && isOrdered
    }
}
