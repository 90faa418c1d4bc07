import Foundation

/// Why a predicate could not be evaluated in memory.
public enum PredicateEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The object has no property `key` (reached through `keyPath`).
    case unknownKey(String, keyPath: String)
    /// `key` is an attribute but the key path goes on past it.
    case notARelationship(String, keyPath: String)
    /// `$name` was neither substituted nor given at evaluation.
    case unresolvedVariable(String)
    /// `pattern` of a `MATCHES` is not a valid regular expression.
    case invalidRegularExpression(String)
    /// A construct the evaluator cannot compute (the message says which).
    case unsupported(String)

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .unknownKey(let key, let keyPath): return "unknown key '\(key)' in key path '\(keyPath)'"
        case .notARelationship(let key, let keyPath):
            return "'\(key)' is not a relationship, so key path '\(keyPath)' cannot go on past it"
        case .unresolvedVariable(let name): return "variable $\(name) has no value; substitute it first"
        case .invalidRegularExpression(let pattern): return "invalid regular expression '\(pattern)' in MATCHES"
        case .unsupported(let what): return "unsupported in a predicate: \(what)"
        }
    }
}
