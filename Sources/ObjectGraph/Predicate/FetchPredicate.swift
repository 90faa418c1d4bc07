import Foundation

/// A condition on managed objects, as a tree: the one representation that both the
/// SQL compiler (``FetchPredicate/sqlFragment(entityName:alias:schema:)``) and the
/// in-memory evaluator (``FetchPredicate/evaluate(with:variables:)``) work from.
///
/// Made by parsing the familiar format language, `FetchPredicate(format:_:)`, or built in
/// Swift code. Named `FetchPredicate` so it never clashes with Foundation's `Predicate`.
public indirect enum FetchPredicate: Hashable, Sendable {
    /// `TRUEPREDICATE` (true) or `FALSEPREDICATE` (false).
    case constant(Bool)
    /// `NOT p`, `!p`.
    case not(FetchPredicate)
    /// `a AND b AND …`, `&&`.
    case and([FetchPredicate])
    /// `a OR b OR …`, `||`.
    case or([FetchPredicate])
    /// `lhs op rhs`, optionally quantified (`ANY`, `ALL`, `NONE`) and with `[cd]` options.
    case comparison(PredicateComparison)
}
