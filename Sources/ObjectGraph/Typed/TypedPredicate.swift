import Foundation

/// A ``FetchPredicate`` over objects of `Root`, built from key paths the compiler checks:
///
/// ```swift
/// FetchRequest(Note.self).where(\.title == "Groceries" && \.created >= start)
/// FetchRequest(Note.self).where(.contains(\.title, "milk", options: .caseInsensitive))
/// FetchRequest(Folder.self).where(.any(\.notes, \.pinned == true))      // ANY notes.pinned == YES
/// FetchRequest(Folder.self).where(TypedKey(\Folder.notes).count > 2)   // notes.@count > 2
/// ```
///
/// Each builds the same tree as the format string it stands for (``predicate``), so the
/// string API and this one can be mixed.
public struct TypedPredicate<Root: ManagedObject>: Sendable, Hashable, CustomStringConvertible {
    /// The untyped predicate.
    public var predicate: FetchPredicate

    /// Wraps an untyped predicate (a parsed format string, a ``PredicateKey`` comparison).
    public init(_ predicate: FetchPredicate) { self.predicate = predicate }

    /// The predicate in the format language.
    public var description: String { predicate.predicateFormat }

    /// `TRUEPREDICATE`.
    public static var always: TypedPredicate { TypedPredicate(.constant(true)) }

    /// `lhs AND rhs`.
    public static func && (lhs: TypedPredicate, rhs: TypedPredicate) -> TypedPredicate {
        TypedPredicate(lhs.predicate && rhs.predicate)
    }
    /// `lhs OR rhs`.
    public static func || (lhs: TypedPredicate, rhs: TypedPredicate) -> TypedPredicate {
        TypedPredicate(lhs.predicate || rhs.predicate)
    }
    /// `NOT predicate`.
    public static prefix func ! (predicate: TypedPredicate) -> TypedPredicate { TypedPredicate(!predicate.predicate) }

    // MARK: Text and membership

    /// `key CONTAINS[options] part`; on a to-many key path, membership (`tags CONTAINS %@`).
    public static func contains<V>(
        _ key: KeyPath<Root, V>, _ part: String,
        options: PredicateComparison.Options = []
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.contains(part, options: options))
    }
    /// `key BEGINSWITH[options] prefix`.
    public static func beginsWith<V>(
        _ key: KeyPath<Root, V>, _ prefix: String,
        options: PredicateComparison.Options = []
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.beginsWith(prefix, options: options))
    }
    /// `key ENDSWITH[options] suffix`.
    public static func endsWith<V>(
        _ key: KeyPath<Root, V>, _ suffix: String,
        options: PredicateComparison.Options = []
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.endsWith(suffix, options: options))
    }
    /// `key LIKE[options] pattern`.
    public static func like<V>(
        _ key: KeyPath<Root, V>, _ pattern: String,
        options: PredicateComparison.Options = []
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.like(pattern, options: options))
    }
    /// `key MATCHES[options] regularExpression`.
    public static func matches<V>(
        _ key: KeyPath<Root, V>, _ regularExpression: String,
        options: PredicateComparison.Options = []
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.matches(regularExpression, options: options))
    }
    /// `key ==[options] value` (with folding: `.equals(\.name, "anna", options: .caseInsensitive)`).
    public static func equals<V: PredicateArgumentConvertible>(
        _ key: KeyPath<Root, V>, _ value: V,
        options: PredicateComparison.Options
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.equals(value, options: options))
    }
    /// `key IN values`.
    public static func isIn<V: PredicateArgumentConvertible>(_ key: KeyPath<Root, V>, _ values: [V]) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.isIn(values))
    }
    /// `key BETWEEN {low, high}`.
    public static func between<V: PredicateArgumentConvertible>(
        _ key: KeyPath<Root, V>, _ low: V, _ high: V
    ) -> TypedPredicate {
        TypedPredicate(TypedKey(key).key.between(low, high))
    }
    /// `SELF == object`.
    public static func isObject(_ object: Root) -> TypedPredicate {
        TypedPredicate(PredicateKey("SELF") == object)
    }

    // MARK: Quantifiers over a to-many

    /// True when some member of `toMany` satisfies `condition`: `ANY toMany.key op value` for
    /// a single comparison, `SUBQUERY(toMany, $x, condition).@count > 0` otherwise.
    public static func any<D: ManagedObject>(
        _ toMany: KeyPath<Root, Set<D>>, _ condition: TypedPredicate<D>
    ) -> TypedPredicate {
        quantified(.any, toMany, condition.predicate)
    }
    /// True when every member of `toMany` satisfies `condition` (or there is none).
    public static func all<D: ManagedObject>(
        _ toMany: KeyPath<Root, Set<D>>, _ condition: TypedPredicate<D>
    ) -> TypedPredicate {
        quantified(.all, toMany, condition.predicate)
    }
    /// True when no member of `toMany` satisfies `condition`.
    public static func none<D: ManagedObject>(
        _ toMany: KeyPath<Root, Set<D>>, _ condition: TypedPredicate<D>
    ) -> TypedPredicate {
        quantified(.none, toMany, condition.predicate)
    }

    private static func quantified<D>(
        _ quantifier: PredicateComparison.Quantifier, _ toMany: KeyPath<Root, Set<D>>,
        _ condition: FetchPredicate
    ) -> TypedPredicate {
        let collection = KeyPathProbe.components(of: toMany)
        if case .comparison(var comparison) = condition, comparison.quantifier == .direct,
            case .keyPath(let path) = comparison.lhs, !path.isEmpty
        {
            comparison.lhs = .keyPath(collection + path)
            comparison.quantifier = quantifier
            return TypedPredicate(.comparison(comparison))
        }
        let variable = "$member"
        let inner = condition.prefixingKeyPaths(with: variable)
        let count = PredicateKey(
            expression: .subquery(
                collection: collection, variable: variable,
                predicate: quantifier == .all ? .not(inner) : inner, count: true))
        return TypedPredicate(quantifier == .any ? count > 0 : count == 0)
    }
}

extension FetchPredicate {
    /// The predicate with every key path starting at `variable` (for a SUBQUERY's condition).
    func prefixingKeyPaths(with variable: String) -> FetchPredicate {
        switch self {
        case .constant: return self
        case .not(let inner): return .not(inner.prefixingKeyPaths(with: variable))
        case .and(let parts): return .and(parts.map { $0.prefixingKeyPaths(with: variable) })
        case .or(let parts): return .or(parts.map { $0.prefixingKeyPaths(with: variable) })
        case .comparison(var comparison):
            comparison.lhs = comparison.lhs.prefixingKeyPath(with: variable)
            comparison.rhs = comparison.rhs.prefixingKeyPath(with: variable)
            return .comparison(comparison)
        }
    }
}

extension FetchExpression {
    fileprivate func prefixingKeyPath(with variable: String) -> FetchExpression {
        switch self {
        case .keyPath(let path): .keyPath([variable] + path)
        case .aggregate(let parts): .aggregate(parts.map { $0.prefixingKeyPath(with: variable) })
        default: self
        }
    }
}
