import Foundation

/// Why a predicate could not be compiled to SQL, or its values bound.
package enum PredicateSQLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The schema has no entity `name`.
    case unknownEntity(String)
    /// Entity `entity` has no attribute or relationship `key`.
    case unknownKey(String, entity: String)
    /// `key` of `entity` is an attribute but the key path goes on past it.
    case notARelationship(String, entity: String)
    /// `$name` was not substituted before compiling.
    case unresolvedVariable(String)
    /// An object not yet saved has no primary key to compare with.
    case temporaryObject(ObjectID)
    /// `pattern` of a `MATCHES` is not a valid regular expression.
    case invalidRegularExpression(String)
    /// A construct the compiler cannot translate (the message says which).
    case unsupported(String)
    /// SQLite refused a call (binding a value, registering a function).
    case sqlite(code: Int32, message: String)

    /// A message a user can act on.
    package var description: String {
        switch self {
        case .unknownEntity(let name): return "no entity named '\(name)' in the store's schema"
        case .unknownKey(let key, let entity): return "entity '\(entity)' has no attribute or relationship '\(key)'"
        case .notARelationship(let key, let entity):
            return "'\(key)' of entity '\(entity)' is an attribute, so a key path cannot go on past it"
        case .unresolvedVariable(let name):
            return "variable $\(name) has no value; call substituting(_:) before fetching"
        case .temporaryObject(let id):
            return "object \(id) is not saved yet, so a store fetch cannot compare with it; save first"
        case .invalidRegularExpression(let pattern): return "invalid regular expression '\(pattern)' in MATCHES"
        case .unsupported(let what): return "cannot translate to SQL: \(what)"
        case .sqlite(let code, let message): return "SQLite error \(code): \(message)"
        }
    }
}
