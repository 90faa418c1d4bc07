import Foundation

/// An attribute of a ``ManagedObject`` subclass, declared once: the property's name is the
/// attribute's name, its Swift type the attribute's type and optionality (a non-optional
/// type is a required attribute), its initial value the model's default, and the arguments
/// the rules the string API's ``AttributeDescription`` takes.
///
/// ```swift
/// final class Note: ManagedObject {
///     @Attribute(.indexed) var created: Date
///     @Attribute(maxLength: 200) var title: String
///     @Attribute var body: String?
///     @Attribute var pinned: Bool = false
/// }
/// let model = try ManagedObjectModel(entities: [EntityDescription(Note.self)])
/// note.title = "Groceries"                       // String, not String?
/// FetchRequest(Note.self).where(\.pinned == true).sorted(by: \.created)
/// ```
///
/// The property reads and writes the object's storage through the same key-value machinery
/// as `object["title"]`, so the string API keeps working beside it. A required attribute
/// that was never set reads as its type's zero (see ``AttributeValue/fromStored(_:)``) and
/// a save refuses the object as missing it, as with the string API.
@propertyWrapper
public struct Attribute<Value>: TypedPropertyStorage {
    // `Value: AttributeValue` is on the members, not the type: reflecting a class's fields
    // (see `TypedFields`) builds each field's type from its mangled name, and a requirement on
    // the type would make the runtime look the conformance up, scanning every conformance
    // record of the binary once for each value type.
    /// The declaration's place in a prototype (0 in every other object).
    public let ordinal: UInt16

    /// Declares an attribute with no default. `derivation` makes it a derived attribute
    /// (``AttributeDescription/derivation``: `@Attribute(derivation: "tags.@count") var tagCount: Int64 = 0`).
    @inlinable
    public init(
        _ options: AttributeOptions = [], minValue: Double? = nil, maxValue: Double? = nil,
        minDate: Date? = nil, maxDate: Date? = nil, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: String? = nil, renamingIdentifier: String? = nil,
        derivation: String? = nil
    ) where Value: AttributeValue {
        ordinal =
            !PropertyRecorder.isRecording
            ? 0
            : PropertyRecorder.recordAttribute(
                Value.self, defaultValue: nil, options: options,
                minValue: minValue, maxValue: maxValue, minDate: minDate, maxDate: maxDate,
                minLength: minLength, maxLength: maxLength, pattern: pattern,
                renamingIdentifier: renamingIdentifier, derivation: derivation)
    }

    /// Declares an attribute whose model default is `wrappedValue` (`@Attribute var done = false`).
    @inlinable
    public init(
        wrappedValue: Value, _ options: AttributeOptions = [], minValue: Double? = nil, maxValue: Double? = nil,
        minDate: Date? = nil, maxDate: Date? = nil, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: String? = nil, renamingIdentifier: String? = nil,
        derivation: String? = nil
    ) where Value: AttributeValue {
        ordinal =
            !PropertyRecorder.isRecording
            ? 0
            : PropertyRecorder.recordAttribute(
                Value.self, defaultValue: wrappedValue, options: options,
                minValue: minValue, maxValue: maxValue, minDate: minDate, maxDate: maxDate,
                minLength: minLength, maxLength: maxLength, pattern: pattern,
                renamingIdentifier: renamingIdentifier, derivation: derivation)
    }

    /// Not used: the property is reached through its object (see the enclosing-instance subscript).
    @available(*, unavailable, message: "@Attribute is only for properties of ManagedObject subclasses")
    public var wrappedValue: Value {
        get { fatalError("unreachable") }
        set { fatalError("unreachable") }
    }

    /// The property's value in `object`: the stored value through ``ManagedObject/value(forKey:as:)``
    /// (which the compiler specializes for `Value`), found by where the property's storage lies
    /// in the object, for reads and writes alike. Neither passes its key paths on: a use would
    /// build and release both key path objects on every access (see ``TypedFields``).
    // bench: objectgraph/fetch-100k-typed
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Attribute<Value>>
    ) -> Value where Value: AttributeValue {
        @inline(__always)
        get {
            let offset = ManagedObject.fieldOffset(of: storageKeyPath, in: object)
            let stored = object.value(atFieldOffset: offset, as: Value.Stored.self)
            if stored == nil, object.managedObjectContext == nil {
                KeyPathProbe.noteRead(fieldOffset: offset, on: object)
            }
            return Value.fromStored(stored)
        }
        // Always inlined, and found by offset, not by the key path's identity: a setter left out
        // of line is handed both key paths as objects, built on every write, and the storage
        // they reach then escapes, so the compiler checks exclusivity dynamically on every
        // access to it, the getter's included (~60 instructions a read).
        @inline(__always)
        set {
            object.setTypedValue(
                newValue.storedValue, atFieldOffset: ManagedObject.fieldOffset(of: storageKeyPath, in: object))
        }
    }
}
