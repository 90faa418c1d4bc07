import Foundation

extension FetchPredicate {
    /// The predicate with each `$NAME` whose name (without the dollar) is in `variables`
    /// replaced by its value; other variables stay for later.
    public func substituting(_ variables: [String: PredicateValue]) -> FetchPredicate {
        switch self {
        case .constant: return self
        case .not(let inner): return .not(inner.substituting(variables))
        case .and(let parts): return .and(parts.map { $0.substituting(variables) })
        case .or(let parts): return .or(parts.map { $0.substituting(variables) })
        case .comparison(var comparison):
            comparison.lhs = comparison.lhs.substituting(variables)
            comparison.rhs = comparison.rhs.substituting(variables)
            return .comparison(comparison)
        }
    }
}

extension FetchExpression {
    /// The expression with its `$NAME` variables found in `variables` replaced.
    public func substituting(_ variables: [String: PredicateValue]) -> FetchExpression {
        switch self {
        case .variable(let name): return variables[name].map(FetchExpression.constant) ?? self
        case .keyPath, .constant: return self
        case .aggregate(let items): return .list(items.map { $0.substituting(variables) })
        case .subquery(let collection, let variable, let predicate, let count):
            return .subquery(
                collection: collection, variable: variable, predicate: predicate.substituting(variables), count: count)
        }
    }
}
