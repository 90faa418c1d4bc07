import Foundation

/// A Swift type a ``Relationship`` property can have: `Destination?` for a to-one,
/// `Set<Destination>` for a to-many, `[Destination]` for an ordered to-many (Core Data's
/// `NSOrderedSet`), where `Destination` is a ``ManagedObject`` subclass.
public protocol RelationshipValue {
    /// The destination entity's class.
    associatedtype Destination: ManagedObject
    /// Whether the relationship is to-many.
    static var isToMany: Bool { get }
    /// Whether a to-many keeps its members in an order.
    static var isOrdered: Bool { get }
    /// The value of relationship `key` of `object` (`keyPath` is the property's, for probes).
    static func read(_ key: String, of object: ManagedObject, keyPath: AnyKeyPath) -> Self
    /// Sets relationship `key` of `object` to the value (inverses kept in step).
    func write(_ key: String, to object: ManagedObject)
}

extension RelationshipValue {
    /// Unordered, unless the type says otherwise.
    public static var isOrdered: Bool { false }
}

extension Optional: RelationshipValue where Wrapped: ManagedObject {
    /// The wrapped class.
    public typealias Destination = Wrapped
    /// A to-one.
    public static var isToMany: Bool { false }
    /// The destination, or nil.
    @inlinable
    public static func read(_ key: String, of object: ManagedObject, keyPath: AnyKeyPath) -> Wrapped? {
        if let destination = object.value(forKey: key) as? Wrapped { return destination }
        if object.managedObjectContext == nil {
            return KeyPathProbe.noteToOne(key, on: object, keyPath: keyPath, destination: Wrapped.self)
        }
        return nil
    }
    /// Sets the destination (nil clears it).
    @inlinable
    public func write(_ key: String, to object: ManagedObject) {
        object.setValue(self.map { $0 as ManagedObject }, forKey: key)
    }
}

extension Set: RelationshipValue where Element: ManagedObject {
    /// The element class.
    public typealias Destination = Element
    /// A to-many.
    public static var isToMany: Bool { true }
    /// The members of the destination class.
    @inlinable
    public static func read(_ key: String, of object: ManagedObject, keyPath: AnyKeyPath) -> Set<Element> {
        let members = object.objects(forKey: key, as: Element.self)
        if members.isEmpty, object.managedObjectContext == nil {
            KeyPathProbe.noteRead(key, on: object, keyPath: keyPath)
        }
        return members
    }
    /// Replaces the members (added ones and removed ones get their inverses set or cleared).
    @inlinable
    public func write(_ key: String, to object: ManagedObject) {
        object.setValue(Set<ManagedObject>(self.map { $0 as ManagedObject }), forKey: key)
    }
}

extension Array: RelationshipValue where Element: ManagedObject {
    /// The element class.
    public typealias Destination = Element
    /// A to-many.
    public static var isToMany: Bool { true }
    /// Kept in order.
    public static var isOrdered: Bool { true }
    /// The members of the destination class, in order.
    @inlinable
    public static func read(_ key: String, of object: ManagedObject, keyPath: AnyKeyPath) -> [Element] {
        let members = object.orderedValue(forKey: key).compactMap { $0 as? Element }
        if members.isEmpty, object.managedObjectContext == nil {
            KeyPathProbe.noteRead(key, on: object, keyPath: keyPath)
        }
        return members
    }
    /// Replaces the members, in this order (repeats dropped; added and removed ones get their
    /// inverses set or cleared).
    @inlinable
    public func write(_ key: String, to object: ManagedObject) {
        object.setOrderedValue(map { $0 as ManagedObject }, forKey: key)
    }
}
