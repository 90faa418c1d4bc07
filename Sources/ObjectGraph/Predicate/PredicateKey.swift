import Foundation

/// One side of a predicate built in Swift code: a key path (optionally quantified), a
/// `@count`, a `SUBQUERY` count or a `$variable`. Its operators and methods make the same
/// ``FetchPredicate`` trees as the format parser:
///
/// ```swift
/// PredicateKey("creationTime") >= start && PredicateKey("text").contains("sunset", options: .caseInsensitive)
/// PredicateKey("tags").any("name") == "travel"          // ANY tags.name == "travel"
/// PredicateKey("media").count > 0                        // media.@count > 0
/// PredicateKey.subquery("media", "$m", PredicateKey("$m.byteCount") > 100).count > 0
/// ```
public struct PredicateKey: Sendable {
    /// The expression this key stands for.
    public var expression: FetchExpression
    /// How a comparison quantifies it (`ANY`, `ALL`, `NONE`).
    public var quantifier: PredicateComparison.Quantifier

    /// The key path `keyPath`, dot-separated (`"diaryEntry.creationTime"`; `"SELF"` is the object).
    public init(_ keyPath: String) {
        self.init(path: keyPath == "SELF" ? [] : keyPath.split(separator: ".").map(String.init))
    }

    /// The key path of `path`'s components.
    public init(path: [String]) {
        self.init(expression: .keyPath(path))
    }

    /// Any expression.
    public init(expression: FetchExpression, quantifier: PredicateComparison.Quantifier = .direct) {
        self.expression = expression
        self.quantifier = quantifier
    }

    /// `$name`, to be substituted later.
    public static func variable(_ name: String) -> PredicateKey {
        PredicateKey(expression: .variable(name.hasPrefix("$") ? String(name.dropFirst()) : name))
    }

    /// `SUBQUERY(collection, variable, predicate)`; follow with ``count``.
    public static func subquery(_ collection: String, _ variable: String, _ predicate: FetchPredicate) -> PredicateKey {
        let name = variable.hasPrefix("$") ? variable : "$" + variable
        return PredicateKey(
            expression: .subquery(
                collection: PredicateKey(collection).path, variable: name,
                predicate: predicate, count: false))
    }

    private var path: [String] {
        if case .keyPath(let path) = expression { return path }
        return []
    }

    /// The number of members: `media.@count`, or the count of a ``subquery(_:_:_:)``.
    public var count: PredicateKey {
        if case .subquery(let collection, let variable, let predicate, _) = expression {
            return PredicateKey(
                expression: .subquery(collection: collection, variable: variable, predicate: predicate, count: true),
                quantifier: quantifier)
        }
        return PredicateKey(expression: .keyPath(path + ["@count"]), quantifier: quantifier)
    }

    /// `ANY key.subpath`: true when some member satisfies the comparison.
    public func any(_ subpath: String? = nil) -> PredicateKey { quantified(.any, subpath) }
    /// `ALL key.subpath`: true when every member satisfies the comparison (or there is none).
    public func all(_ subpath: String? = nil) -> PredicateKey { quantified(.all, subpath) }
    /// `NONE key.subpath`: true when no member satisfies the comparison.
    public func none(_ subpath: String? = nil) -> PredicateKey { quantified(.none, subpath) }

    private func quantified(_ quantifier: PredicateComparison.Quantifier, _ subpath: String?) -> PredicateKey {
        let extra = subpath.map { PredicateKey($0).path } ?? []
        return PredicateKey(expression: .keyPath(path + extra), quantifier: quantifier)
    }

    // MARK: Comparisons

    /// `key op value` with `options`.
    public func compare(
        _ op: PredicateComparison.Operator, _ value: some PredicateArgumentConvertible,
        options: PredicateComparison.Options = []
    ) -> FetchPredicate {
        compare(op, PredicateKey(expression: .constant(value.predicateValue)), options: options)
    }

    /// `key op other` with `options`, comparing with another key path or a variable.
    public func compare(
        _ op: PredicateComparison.Operator, _ other: PredicateKey,
        options: PredicateComparison.Options = []
    ) -> FetchPredicate {
        .comparison(PredicateComparison(expression, op, other.expression, quantifier: quantifier, options: options))
    }

    /// `key ==[options] value`.
    public func equals(
        _ value: some PredicateArgumentConvertible, options: PredicateComparison.Options = []
    ) -> FetchPredicate {
        compare(.equal, value, options: options)
    }

    /// `key BEGINSWITH[options] prefix`.
    public func beginsWith(_ prefix: String, options: PredicateComparison.Options = []) -> FetchPredicate {
        compare(.beginsWith, prefix, options: options)
    }

    /// `key ENDSWITH[options] suffix`.
    public func endsWith(_ suffix: String, options: PredicateComparison.Options = []) -> FetchPredicate {
        compare(.endsWith, suffix, options: options)
    }

    /// `key CONTAINS[options] part`.
    public func contains(_ part: String, options: PredicateComparison.Options = []) -> FetchPredicate {
        compare(.contains, part, options: options)
    }

    /// `key LIKE[options] pattern` (`?` one character, `*` any run).
    public func like(_ pattern: String, options: PredicateComparison.Options = []) -> FetchPredicate {
        compare(.like, pattern, options: options)
    }

    /// `key MATCHES[options] regularExpression` (the whole value must match).
    public func matches(_ regularExpression: String, options: PredicateComparison.Options = []) -> FetchPredicate {
        compare(.matches, regularExpression, options: options)
    }

    /// `key IN values` (an array or set).
    public func isIn(
        _ values: some PredicateArgumentConvertible, options: PredicateComparison.Options = []
    ) -> FetchPredicate {
        compare(.in, values, options: options)
    }

    /// `key BETWEEN {low, high}`, both ends included.
    public func between(
        _ low: some PredicateArgumentConvertible, _ high: some PredicateArgumentConvertible,
        options: PredicateComparison.Options = []
    ) -> FetchPredicate {
        compare(.between, PredicateValue.array([low.predicateValue, high.predicateValue]), options: options)
    }

    /// `key == value`.
    public static func == (key: PredicateKey, value: some PredicateArgumentConvertible) -> FetchPredicate {
        key.compare(.equal, value)
    }
    /// `key != value`.
    public static func != (key: PredicateKey, value: some PredicateArgumentConvertible) -> FetchPredicate {
        key.compare(.notEqual, value)
    }
    /// `key < value`.
    public static func < (key: PredicateKey, value: some PredicateArgumentConvertible) -> FetchPredicate {
        key.compare(.less, value)
    }
    /// `key <= value`.
    public static func <= (key: PredicateKey, value: some PredicateArgumentConvertible) -> FetchPredicate {
        key.compare(.lessOrEqual, value)
    }
    /// `key > value`.
    public static func > (key: PredicateKey, value: some PredicateArgumentConvertible) -> FetchPredicate {
        key.compare(.greater, value)
    }
    /// `key >= value`.
    public static func >= (key: PredicateKey, value: some PredicateArgumentConvertible) -> FetchPredicate {
        key.compare(.greaterOrEqual, value)
    }

    /// `key == other` (another key path or a variable).
    public static func == (key: PredicateKey, other: PredicateKey) -> FetchPredicate { key.compare(.equal, other) }
    /// `key != other`.
    public static func != (key: PredicateKey, other: PredicateKey) -> FetchPredicate { key.compare(.notEqual, other) }
    /// `key < other`.
    public static func < (key: PredicateKey, other: PredicateKey) -> FetchPredicate { key.compare(.less, other) }
    /// `key <= other`.
    public static func <= (key: PredicateKey, other: PredicateKey) -> FetchPredicate {
        key.compare(.lessOrEqual, other)
    }
    /// `key > other`.
    public static func > (key: PredicateKey, other: PredicateKey) -> FetchPredicate { key.compare(.greater, other) }
    /// `key >= other`.
    public static func >= (key: PredicateKey, other: PredicateKey) -> FetchPredicate {
        key.compare(.greaterOrEqual, other)
    }

    /// `key == nil`.
    public static func == (key: PredicateKey, _: _OptionalNilComparisonType) -> FetchPredicate {
        key.compare(.equal, PredicateValue.null)
    }
    /// `key != nil`.
    public static func != (key: PredicateKey, _: _OptionalNilComparisonType) -> FetchPredicate {
        key.compare(.notEqual, PredicateValue.null)
    }
}

extension FetchPredicate {
    /// `lhs AND rhs`; a chain `a && b && c` makes one AND of three, as the parser does
    /// for `a AND b AND c`.
    public static func && (lhs: FetchPredicate, rhs: FetchPredicate) -> FetchPredicate {
        if case .and(let parts) = lhs { return .and(parts + [rhs]) }
        return .and([lhs, rhs])
    }

    /// `lhs OR rhs`; a chain `a || b || c` makes one OR of three, as the parser does
    /// for `a OR b OR c`.
    public static func || (lhs: FetchPredicate, rhs: FetchPredicate) -> FetchPredicate {
        if case .or(let parts) = lhs { return .or(parts + [rhs]) }
        return .or([lhs, rhs])
    }
    /// `NOT predicate`.
    public static prefix func ! (predicate: FetchPredicate) -> FetchPredicate { .not(predicate) }
}
