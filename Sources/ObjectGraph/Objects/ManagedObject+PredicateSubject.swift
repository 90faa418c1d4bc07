import Foundation

extension ManagedObject: PredicateSubject {
    /// The object's ID, for `relationship == object` comparisons.
    public var predicateObjectID: ObjectID? { objectID }

    /// The property `name` for the predicate evaluator: attribute value, to-one destination
    /// or to-many members.
    public func predicateProperty(named name: String) -> PredicateProperty {
        fireFaultIfNeeded()
        if let index = entity.attributeIndex(name) {
            guard index < values.count else { return .value(.null) }
            resolveDeferredValue(at: index)
            return .value(values[index].predicateValue)
        }
        if let index = entity.relationshipIndexes[name] {
            if entity.allRelationships[index].isToMany { return .objects(Array(members(at: index))) }
            return .object(destination(at: index))
        }
        return .unknown
    }
}

extension ManagedObject: PredicateArgumentConvertible {
    /// The object as a predicate constant (by identity), so it can be passed for `%@`.
    public var predicateValue: PredicateValue { .object(objectID) }
}
