import Foundation

/// A key path over objects of `Root` ending in a `Value`, as a predicate operand: made from a
/// Swift key path (`TypedKey(\Note.title)`), or the member count of a to-many
/// (`TypedKey(\Folder.notes).count`). Its comparisons make ``TypedPredicate``s; a key path
/// itself compares the same way (`\Note.title == "x"`).
public struct TypedKey<Root: ManagedObject, Value>: Sendable {
    /// The untyped key.
    public var key: PredicateKey

    /// The key of `keyPath` (`\Note.folder?.name` is `folder.name`).
    public init(_ keyPath: KeyPath<Root, Value>) {
        key = PredicateKey(path: KeyPathProbe.components(of: keyPath))
    }

    private init(key: PredicateKey) { self.key = key }

    /// The names of the key path's steps, as the string API spells them (`"folder.name"`).
    public var name: String {
        if case .keyPath(let path) = key.expression { return path.joined(separator: ".") }
        return key.expression.predicateFormat
    }
}

extension TypedKey where Value: Collection {
    /// The number of members: `key.@count`.
    public var count: TypedKey<Root, Int> { TypedKey<Root, Int>(key: key.count) }
}

extension TypedKey {
    private func compare(
        _ op: PredicateComparison.Operator, _ value: some PredicateArgumentConvertible
    ) -> TypedPredicate<Root> {
        TypedPredicate(key.compare(op, value))
    }
    private func compare<Other>(
        _ op: PredicateComparison.Operator, _ other: TypedKey<Root, Other>
    ) -> TypedPredicate<Root> {
        TypedPredicate(key.compare(op, other.key))
    }
}

extension TypedKey where Value: PredicateArgumentConvertible {
    /// `key == value`.
    public static func == (key: TypedKey, value: Value) -> TypedPredicate<Root> { key.compare(.equal, value) }
    /// `key != value`.
    public static func != (key: TypedKey, value: Value) -> TypedPredicate<Root> { key.compare(.notEqual, value) }
    /// `key < value`.
    public static func < (key: TypedKey, value: Value) -> TypedPredicate<Root> { key.compare(.less, value) }
    /// `key <= value`.
    public static func <= (key: TypedKey, value: Value) -> TypedPredicate<Root> { key.compare(.lessOrEqual, value) }
    /// `key > value`.
    public static func > (key: TypedKey, value: Value) -> TypedPredicate<Root> { key.compare(.greater, value) }
    /// `key >= value`.
    public static func >= (key: TypedKey, value: Value) -> TypedPredicate<Root> { key.compare(.greaterOrEqual, value) }

    /// `key == other` (two key paths of one object; numbers of any widths compare).
    public static func == <Other>(key: TypedKey, other: TypedKey<Root, Other>) -> TypedPredicate<Root> {
        key.compare(.equal, other)
    }
    /// `key != other`.
    public static func != <Other>(key: TypedKey, other: TypedKey<Root, Other>) -> TypedPredicate<Root> {
        key.compare(.notEqual, other)
    }
    /// `key < other`.
    public static func < <Other>(key: TypedKey, other: TypedKey<Root, Other>) -> TypedPredicate<Root> {
        key.compare(.less, other)
    }
    /// `key <= other`.
    public static func <= <Other>(key: TypedKey, other: TypedKey<Root, Other>) -> TypedPredicate<Root> {
        key.compare(.lessOrEqual, other)
    }
    /// `key > other`.
    public static func > <Other>(key: TypedKey, other: TypedKey<Root, Other>) -> TypedPredicate<Root> {
        key.compare(.greater, other)
    }
    /// `key >= other`.
    public static func >= <Other>(key: TypedKey, other: TypedKey<Root, Other>) -> TypedPredicate<Root> {
        key.compare(.greaterOrEqual, other)
    }
}

extension TypedKey where Value: Collection {
    /// `key CONTAINS member` on a to-many: membership, as in Core Data.
    public func contains(_ member: Value.Element) -> TypedPredicate<Root>
    where Value.Element: PredicateArgumentConvertible {
        compare(.contains, member)
    }
}

// The key path forms: `\Note.title == "x"` is `TypedKey(\Note.title) == "x"`.

/// `key == value` for a key path of typed properties.
public func == <Root: ManagedObject, Value: PredicateArgumentConvertible>(
    key: KeyPath<Root, Value>, value: Value
) -> TypedPredicate<Root> {
    TypedKey(key) == value
}
/// `key != value`.
public func != <Root: ManagedObject, Value: PredicateArgumentConvertible>(
    key: KeyPath<Root, Value>, value: Value
) -> TypedPredicate<Root> {
    TypedKey(key) != value
}
/// `key < value`.
public func < <Root: ManagedObject, Value: PredicateArgumentConvertible>(
    key: KeyPath<Root, Value>, value: Value
) -> TypedPredicate<Root> {
    TypedKey(key) < value
}
/// `key <= value`.
public func <= <Root: ManagedObject, Value: PredicateArgumentConvertible>(
    key: KeyPath<Root, Value>, value: Value
) -> TypedPredicate<Root> {
    TypedKey(key) <= value
}
/// `key > value`.
public func > <Root: ManagedObject, Value: PredicateArgumentConvertible>(
    key: KeyPath<Root, Value>, value: Value
) -> TypedPredicate<Root> {
    TypedKey(key) > value
}
/// `key >= value`.
public func >= <Root: ManagedObject, Value: PredicateArgumentConvertible>(
    key: KeyPath<Root, Value>, value: Value
) -> TypedPredicate<Root> {
    TypedKey(key) >= value
}
