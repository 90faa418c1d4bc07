import Foundation

// The small predicate subset the core evaluates until the full compiler and evaluator of
// Predicate/ land: `key == constant` comparisons, their `AND`, and TRUE/FALSE. Each call
// site is one line (`simpleSQLFragment` → `sqlFragment`, `simpleEvaluate` → `evaluate`).

extension FetchPredicate {
    /// `key == value`: the one comparison the core evaluates itself.
    public static func equals(_ key: String, _ value: PredicateValue) -> FetchPredicate {
        .comparison(PredicateComparison(.keyPath([key]), .equal, .constant(value)))
    }

    /// The WHERE fragment for the supported subset, with its bindings.
    /// - Throws: ``ObjectGraphError/unsupportedPredicate(_:)`` beyond the subset,
    ///   ``ObjectGraphError/unknownKey(entity:key:)`` for a key the entity lacks.
    func simpleSQLFragment(entityName: String, alias: String,
                           schema: any SQLPredicateSchema) throws -> (sql: String, bindings: [PredicateValue]) {
        switch self {
        case .constant(let value):
            return (value ? "1" : "0", [])
        case .and(let parts):
            guard !parts.isEmpty else { return ("1", []) }
            let compiled = try parts.map { try $0.simpleSQLFragment(entityName: entityName, alias: alias, schema: schema) }
            return ("(" + compiled.map(\.sql).joined(separator: " AND ") + ")", compiled.flatMap(\.bindings))
        case .comparison(let comparison):
            let (key, value) = try Self.simpleParts(of: comparison)
            guard let mapping = schema.sqlMapping(forEntity: entityName) else {
                throw ObjectGraphError.unknownEntity(entityName)
            }
            let column: String
            if let attribute = mapping.attributes[key] {
                column = attribute.column
            } else if case .toOne(_, let foreignKey)? = mapping.relationships[key] {
                column = foreignKey
            } else {
                throw ObjectGraphError.unknownKey(entity: entityName, key: key)
            }
            if value == .null { return ("\"\(alias)\".\"\(column)\" IS NULL", []) }
            return ("\"\(alias)\".\"\(column)\" = ?", [value])
        default:
            throw ObjectGraphError.unsupportedPredicate(String(describing: self))
        }
    }

    /// Evaluates the supported subset against `subject`.
    /// - Throws: ``ObjectGraphError/unsupportedPredicate(_:)`` beyond the subset,
    ///   ``ObjectGraphError/unknownKey(entity:key:)`` for a key the subject lacks.
    func simpleEvaluate(with subject: any PredicateSubject) throws -> Bool {
        switch self {
        case .constant(let value):
            return value
        case .and(let parts):
            return try parts.allSatisfy { try $0.simpleEvaluate(with: subject) }
        case .comparison(let comparison):
            let (key, value) = try Self.simpleParts(of: comparison)
            switch subject.predicateProperty(named: key) {
            case .value(let actual): return Self.equal(actual, value)
            case .object(let object):
                if case .object(let id) = value { return object?.predicateObjectID == id }
                return value == .null && object == nil
            case .objects, .unknown:
                throw ObjectGraphError.unknownKey(entity: String(describing: type(of: subject)), key: key)
            }
        default:
            throw ObjectGraphError.unsupportedPredicate(String(describing: self))
        }
    }

    private static func simpleParts(of comparison: PredicateComparison) throws -> (String, PredicateValue) {
        guard comparison.op == .equal, comparison.quantifier == .direct, comparison.options.isEmpty,
              case .keyPath(let path) = comparison.lhs, path.count == 1,
              case .constant(let value) = comparison.rhs else {
            throw ObjectGraphError.unsupportedPredicate(String(describing: comparison))
        }
        return (path[0], value)
    }

    /// Equality with the numeric coercions SQLite applies (1 == 1.0, true == 1).
    private static func equal(_ lhs: PredicateValue, _ rhs: PredicateValue) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)): Double(a) == b
        case (.bool(let a), .integer(let b)), (.integer(let b), .bool(let a)): (a ? 1 : 0) == b
        default: lhs == rhs
        }
    }
}
