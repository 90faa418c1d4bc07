import Foundation

/// What the in-memory evaluator needs of an object: its properties by name.
///
/// `ManagedObject` conforms; tests can conform plain values.
public protocol PredicateSubject {
    /// The object's identity, compared by `==` against ``PredicateValue/object(_:)``.
    var predicateObjectID: ObjectID? { get }
    /// The property `name`: an attribute's value, a to-one target or a to-many's members.
    func predicateProperty(named name: String) -> PredicateProperty
    /// Whether `keyPath` from the destination of to-one `relationship` gives many values
    /// (see the default implementation).
    func predicateKeyPath(_ keyPath: [String], isToManyFromDestinationOf relationship: String) -> Bool
}

/// A property's value as the in-memory evaluator sees it.
public enum PredicateProperty {
    /// An attribute value (``PredicateValue/null`` when unset).
    case value(PredicateValue)
    /// A to-one relationship's target, nil when unset.
    case object((any PredicateSubject)?)
    /// A to-many relationship's members.
    case objects([any PredicateSubject])
    /// No property of that name: evaluation fails naming it.
    case unknown
}

extension PredicateSubject {
    /// Whether `keyPath`, followed from the destination of the to-one `relationship`,
    /// gives many values: it crosses a to-many relationship that no `@count` directly follows.
    ///
    /// The evaluator asks when `relationship` is unset, so that `previous.tags.name` of an
    /// object without `previous` has no members (as in SQL), not one nil value. The default
    /// says no; `ManagedObject` answers from its model.
    public func predicateKeyPath(_ keyPath: [String], isToManyFromDestinationOf relationship: String) -> Bool {
        false
    }
}
