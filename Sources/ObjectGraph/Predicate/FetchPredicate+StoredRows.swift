import Foundation

extension FetchPredicate {
    /// The predicate for running against stored rows: an unsaved object (temporary ID) is
    /// replaced by an ID no row has, so `relationship == unsaved` matches no stored row and
    /// `relationship != unsaved` matches as it would in memory. (The SQL compiler refuses
    /// temporary IDs, which have no key to bind.)
    func replacingTemporaryObjects() -> FetchPredicate {
        switch self {
        case .constant:
            return self
        case .not(let inner):
            return .not(inner.replacingTemporaryObjects())
        case .and(let parts):
            return .and(parts.map { $0.replacingTemporaryObjects() })
        case .or(let parts):
            return .or(parts.map { $0.replacingTemporaryObjects() })
        case .comparison(var comparison):
            comparison.lhs = comparison.lhs.replacingTemporaryObjects()
            comparison.rhs = comparison.rhs.replacingTemporaryObjects()
            return .comparison(comparison)
        }
    }
}

extension FetchExpression {
    fileprivate func replacingTemporaryObjects() -> FetchExpression {
        switch self {
        case .keyPath, .variable: self
        case .constant(let value): .constant(value.replacingTemporaryObjects())
        case .aggregate(let parts): .aggregate(parts.map { $0.replacingTemporaryObjects() })
        case .subquery(let collection, let variable, let predicate, let count):
            .subquery(
                collection: collection, variable: variable, predicate: predicate.replacingTemporaryObjects(),
                count: count)
        }
    }
}

extension PredicateValue {
    private static let noStore = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    fileprivate func replacingTemporaryObjects() -> PredicateValue {
        switch self {
        case .object(let id) where id.isTemporaryID:
            // Keys start at 1, so no row has key 0.
            .object(.permanent(entityName: id.entityName, storeIdentifier: Self.noStore, primaryKey: 0))
        case .array(let values): .array(values.map { $0.replacingTemporaryObjects() })
        default: self
        }
    }
}
