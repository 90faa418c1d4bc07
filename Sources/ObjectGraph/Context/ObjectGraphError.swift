import Foundation

/// Errors from contexts and coordinators. Each case names the entity, key or object involved.
public enum ObjectGraphError: Error, CustomStringConvertible {
    /// The model has no entity of that name.
    case unknownEntity(String)
    /// No entity of the model uses that class.
    case unknownClass(String)
    /// Abstract entities cannot be instantiated.
    case abstractEntity(String)
    /// The coordinator has no store yet.
    case noPersistentStore
    /// The object no longer exists in the store (deleted, or never saved).
    case objectNotFound(ObjectID)
    /// A fetch names a key the entity does not have.
    case unknownKey(entity: String, key: String)
    /// The object is not in this context: a relationship was set to an object of another
    /// context (the assignment was refused; bring the object in with `object(with:)`).
    case wrongContext(ObjectID)
    /// A save found invalid objects; nothing was written. Carries every problem.
    case validationFailed([ValidationProblem])
    /// A save would store two objects with equal values for a uniqueness constraint.
    case uniquenessViolation(entity: String, keys: [String])
    /// A binary value could not be read from or written to its file.
    case binaryValueUnavailable(key: String, path: String, reason: String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .unknownEntity(let name): "The model has no entity named '\(name)'."
        case .unknownClass(let name): "No entity of the model uses class \(name)."
        case .abstractEntity(let name): "Entity '\(name)' is abstract; insert one of its sub-entities."
        case .noPersistentStore: "The coordinator has no persistent store; add one first."
        case .objectNotFound(let id): "Object \(id) does not exist in the store."
        case .unknownKey(let entity, let key): "Entity '\(entity)' has no property '\(key)'."
        case .wrongContext(let id):
            "Object \(id) belongs to another context; a relationship cannot point at it (bring it in with object(with:))."
        case .validationFailed(let problems):
            "The save failed validation; nothing was written:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .uniquenessViolation(let entity, let keys):
            "Two '\(entity)' objects would have the same \(keys.joined(separator: ", ")); the value must be unique."
        case .binaryValueUnavailable(let key, let path, let reason):
            "The binary value of '\(key)' at \(path) is unavailable: \(reason)."
        }
    }
}
