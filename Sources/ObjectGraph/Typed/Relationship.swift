import Foundation

/// A relationship of a ``ManagedObject`` subclass, declared once: the property's name is
/// the relationship's, its type gives the destination and the cardinality (`Folder?` is a
/// to-one, `Set<Note>` a to-many, `[Song]` an ordered to-many), and the inverse is named by a
/// key path the compiler checks.
///
/// ```swift
/// final class Folder: ManagedObject {
///     @Attribute(.unique) var name: String
///     @Relationship(inverse: \Note.folder, deleteRule: .cascade) var notes: Set<Note>
/// }
/// final class Note: ManagedObject {
///     @Relationship(inverse: \Folder.notes) var folder: Folder?
/// }
/// folder.notes.insert(note)      // or note.folder = folder: either side is the same change
/// ```
@propertyWrapper
public struct Relationship<Value>: TypedPropertyStorage {
    // `Value: RelationshipValue` is on the members, not the type (see `Attribute`).
    /// The declaration's place in a prototype (0 in every other object).
    public let ordinal: UInt16

    /// Declares a relationship whose inverse is `inverse` on the destination.
    /// `isOptional: false` makes a to-one required when saving; `minCount`/`maxCount` bound a to-many.
    @inlinable
    public init<Inverse: RelationshipValue>(
        inverse: KeyPath<Value.Destination, Inverse>, deleteRule: DeleteRule = .nullify,
        isOptional: Bool = true, minCount: Int? = nil, maxCount: Int? = nil,
        renamingIdentifier: String? = nil
    ) where Value: RelationshipValue {
        ordinal =
            !PropertyRecorder.isRecording
            ? 0
            : PropertyRecorder.recordRelationship(
                Value.self, inverse: inverse, deleteRule: deleteRule,
                isOptional: isOptional, minCount: minCount, maxCount: maxCount,
                renamingIdentifier: renamingIdentifier)
    }

    /// Declares a relationship without an inverse (Core Data warns about those; so does sense:
    /// nothing keeps the other side in step).
    @inlinable
    public init(
        deleteRule: DeleteRule = .nullify, isOptional: Bool = true, minCount: Int? = nil, maxCount: Int? = nil,
        renamingIdentifier: String? = nil
    ) where Value: RelationshipValue {
        ordinal =
            !PropertyRecorder.isRecording
            ? 0
            : PropertyRecorder.recordRelationship(
                Value.self, inverse: nil, deleteRule: deleteRule,
                isOptional: isOptional, minCount: minCount, maxCount: maxCount,
                renamingIdentifier: renamingIdentifier)
    }

    /// Not used: the property is reached through its object (see the enclosing-instance subscript).
    @available(*, unavailable, message: "@Relationship is only for properties of ManagedObject subclasses")
    public var wrappedValue: Value {
        get { fatalError("unreachable") }
        set { fatalError("unreachable") }
    }

    /// The property's value in `object`, under the name the declaration was given.
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Relationship<Value>>
    ) -> Value where Value: RelationshipValue {
        get { Value.read(TypedPropertyNames.name(of: storageKeyPath, on: object), of: object, keyPath: wrappedKeyPath) }
        set { newValue.write(TypedPropertyNames.name(of: storageKeyPath, on: object), to: object) }
    }
}
