import Foundation

/// A predicate compiled to SQL: a boolean expression with `?` placeholders and the values
/// to bind to them, in order. Values are never part of `sql`.
package struct SQLPredicateFragment: Hashable, Sendable {
    /// A boolean SQL expression over the fetch's table alias: 1 where the predicate holds,
    /// 0 or NULL where it does not. Use it as a WHERE condition (or `(sql) IS 1`); to negate
    /// it, compile `.not(predicate)` rather than writing `NOT (sql)`.
    package var sql: String
    /// The values of the `?` placeholders of `sql`, in order.
    package var bindings: [PredicateValue]

    /// Makes a fragment.
    package init(sql: String, bindings: [PredicateValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }
}

extension SQLPredicateFragment {
    /// `self` followed by `other`, bindings in order.
    static func + (lhs: SQLPredicateFragment, rhs: SQLPredicateFragment) -> SQLPredicateFragment {
        SQLPredicateFragment(sql: lhs.sql + rhs.sql, bindings: lhs.bindings + rhs.bindings)
    }

    /// `self` followed by plain SQL text.
    static func + (lhs: SQLPredicateFragment, rhs: String) -> SQLPredicateFragment {
        SQLPredicateFragment(sql: lhs.sql + rhs, bindings: lhs.bindings)
    }

    /// Plain SQL text followed by `rhs`.
    static func + (lhs: String, rhs: SQLPredicateFragment) -> SQLPredicateFragment {
        SQLPredicateFragment(sql: lhs + rhs.sql, bindings: rhs.bindings)
    }

    /// The fragments joined by `separator`, bindings in order.
    static func joined(_ parts: [SQLPredicateFragment], separator: String) -> SQLPredicateFragment {
        var result = SQLPredicateFragment(sql: "")
        for (index, part) in parts.enumerated() {
            result = index == 0 ? part : result + separator + part
        }
        return result
    }
}
