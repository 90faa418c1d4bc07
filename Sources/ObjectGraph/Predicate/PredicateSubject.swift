import Foundation

/// What the in-memory evaluator needs of an object: its properties by name.
///
/// `ManagedObject` conforms; tests can conform plain values.
public protocol PredicateSubject {
    /// The object's identity, compared by `==` against ``PredicateValue/object(_:)``.
    var predicateObjectID: ObjectID? { get }
    /// The property `name`: an attribute's value, a to-one target or a to-many's members.
    func predicateProperty(named name: String) -> PredicateProperty
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
