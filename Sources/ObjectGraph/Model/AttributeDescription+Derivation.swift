import Foundation

extension AttributeDescription {
    /// The parsed ``derivation``: the expression of `<derivation> == nil`, which must come back
    /// as that one comparison (so a derivation cannot smuggle in a predicate of its own).
    /// - Throws: ``ModelError/invalidRule(entity:attribute:reason:)`` naming `entity`.
    func derivationExpression(entity: String) throws(ModelError) -> FetchExpression? {
        guard let derivation else { return nil }
        let parsed: FetchPredicate
        do {
            parsed = try FetchPredicate(format: derivation + " == nil")
        } catch {
            throw .invalidRule(
                entity: entity, attribute: name, reason: "its derivation '\(derivation)' does not parse: \(error)")
        }
        guard case .comparison(let comparison) = parsed, comparison.op == .equal,
            case .constant(.null) = comparison.rhs, comparison.quantifier == .direct
        else {
            throw .invalidRule(
                entity: entity, attribute: name, reason: "its derivation '\(derivation)' is not one expression")
        }
        guard !isTransient else {
            throw .invalidRule(entity: entity, attribute: name, reason: "a transient attribute cannot be derived")
        }
        return comparison.lhs
    }
}
