import Foundation

/// One failed rule of one object: which object, which key (nil for the object as a whole),
/// and what the rule says.
public struct ValidationProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The object's ID at the time of the save (temporary for inserted objects).
    public var objectID: ObjectID
    /// The entity name.
    public var entityName: String
    /// The attribute or relationship, or nil when the rule concerns the whole object.
    public var key: String?
    /// The rule that failed, in words (`"is required"`, `"must be at most 4"`).
    public var rule: String

    /// Makes a problem; throw it from a `validateFor…` hook, or a ``ValidationError``
    /// carrying several.
    public init(objectID: ObjectID, entityName: String, key: String?, rule: String) {
        self.objectID = objectID
        self.entityName = entityName
        self.key = key
        self.rule = rule
    }

    /// `Entity.key (id): rule`.
    public var description: String {
        "\(entityName)\(key.map { ".\($0)" } ?? "") (\(objectID)): \(rule)"
    }
}

/// Several problems found by one `validateFor…` hook.
public struct ValidationError: Error, Sendable {
    /// The problems.
    public var problems: [ValidationProblem]
    /// Wraps problems.
    public init(_ problems: [ValidationProblem]) { self.problems = problems }
}
