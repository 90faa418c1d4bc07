import Foundation

/// Why a ``ManagedObjectModel`` could not be built. Each case names what is wrong.
public enum ModelError: Error, Equatable, CustomStringConvertible {
    /// Two entities share a name.
    case duplicateEntity(String)
    /// Two properties of an entity (inherited ones included) share a name.
    case duplicateProperty(entity: String, property: String)
    /// An entity names a parent that is not in the model.
    case unknownParent(entity: String, parent: String)
    /// The parent chain of an entity loops back on itself.
    case inheritanceCycle(entity: String)
    /// A relationship's destination is not in the model.
    case unknownDestination(entity: String, relationship: String, destination: String)
    /// A relationship's inverse is not a relationship of the destination.
    case unknownInverse(entity: String, relationship: String, inverse: String)
    /// A relationship and its inverse do not point back at each other.
    case mismatchedInverse(entity: String, relationship: String, inverse: String)
    /// A default value does not have the attribute's type.
    case invalidDefault(entity: String, attribute: String, expected: String)
    /// A rule or flag does not fit the attribute's type (e.g. external storage on a string).
    case invalidRule(entity: String, attribute: String, reason: String)
    /// A uniqueness constraint names something that is not a stored attribute.
    case unknownConstraintKey(entity: String, key: String)
    /// Two entities use the same `ManagedObject` subclass (other than ManagedObject itself).
    case duplicateClass(className: String, entities: [String])
    /// An entity or property name is not a plain identifier (letters, digits, `_`).
    case invalidName(String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .duplicateEntity(let name): "The model declares entity '\(name)' twice."
        case .duplicateProperty(let entity, let property):
            "Entity '\(entity)' has two properties named '\(property)' (inherited ones included)."
        case .unknownParent(let entity, let parent):
            "Entity '\(entity)' names parent '\(parent)', which is not in the model."
        case .inheritanceCycle(let entity): "The parent chain of entity '\(entity)' loops back on itself."
        case .unknownDestination(let entity, let relationship, let destination):
            "Relationship '\(entity).\(relationship)' points at entity '\(destination)', which is not in the model."
        case .unknownInverse(let entity, let relationship, let inverse):
            "Relationship '\(entity).\(relationship)' names inverse '\(inverse)', which its destination does not have."
        case .mismatchedInverse(let entity, let relationship, let inverse):
            "Relationship '\(entity).\(relationship)' and its inverse '\(inverse)' do not point back at each other."
        case .invalidDefault(let entity, let attribute, let expected):
            "The default value of '\(entity).\(attribute)' is not a \(expected)."
        case .invalidRule(let entity, let attribute, let reason):
            "Attribute '\(entity).\(attribute)': \(reason)."
        case .unknownConstraintKey(let entity, let key):
            "A uniqueness constraint of entity '\(entity)' names '\(key)', which is not a stored attribute."
        case .duplicateClass(let className, let entities):
            "Class \(className) is used by several entities: \(entities.joined(separator: ", "))."
        case .invalidName(let name):
            "'\(name)' is not a valid entity or property name (use letters, digits and '_', not starting with a digit)."
        }
    }
}
