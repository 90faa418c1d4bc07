import Foundation

/// One difference between the model a store was written with and the model it is opened with.
public struct ModelChange: Sendable, Hashable, CustomStringConvertible {
    /// The entity concerned (its name in the new model; in the old one when it was removed).
    public var entity: String
    /// The attribute or relationship concerned, or nil for the entity itself.
    public var property: String?
    /// What changed, in words ("type changed from string to integer64").
    public var summary: String
    /// Whether a lightweight migration can carry the data across this change.
    public var isLightweight: Bool

    /// Describes a change.
    public init(entity: String, property: String? = nil, summary: String, isLightweight: Bool) {
        self.entity = entity
        self.property = property
        self.summary = summary
        self.isLightweight = isLightweight
    }

    /// `entity.property: summary`.
    public var description: String {
        (property.map { "\(entity).\($0)" } ?? entity) + ": " + summary
    }
}
