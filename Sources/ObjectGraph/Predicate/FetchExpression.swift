import Foundation

/// One side of a ``PredicateComparison``. (Named so it never clashes with Foundation's
/// `PredicateExpression` protocol in a file that imports both.)
public indirect enum FetchExpression: Hashable, Sendable {
    /// A key path from the evaluated object: `["diaryEntry", "creationTime"]`,
    /// `["media", "@count"]`, `["tags", "name"]`. Inside a `SUBQUERY`, the first
    /// element may be the subquery's variable (`$m`, stored as `"$m"`).
    case keyPath([String])
    /// A constant (a bound argument or a literal).
    case constant(PredicateValue)
    /// `$NAME`, replaced by ``FetchPredicate/substituting(_:)`` or at evaluation.
    case variable(String)
    /// `{a, b, c}`: an aggregate literal (for `IN` and `BETWEEN`).
    case aggregate([FetchExpression])
    /// `SUBQUERY(collection, $var, predicate)`: the members of the to-many
    /// `collection` for which `predicate` holds; usually followed by `.@count`.
    case subquery(collection: [String], variable: String, predicate: FetchPredicate, count: Bool)
}
