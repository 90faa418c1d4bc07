import Foundation
import Synchronization

/// The storage of an ``Attribute`` or ``Relationship`` property in an object: only the
/// declaration's place among its class's declarations, and only in the prototype a model
/// builds from the class (0 in every other object, so typed properties cost an object two
/// bytes each: five attributes fit the padding of a smaller allocation than five words would).
// bench: objectgraph/fetch-100k-typed
public protocol TypedPropertyStorage {
    /// The declaration's 1-based place in the prototype being described; 0 in other objects
    /// (and past the 65,535th declaration of one class, which then has no name by key path).
    var ordinal: UInt16 { get }
}

/// What one ``Attribute`` or ``Relationship`` declaration says, captured while a prototype of
/// its class is made; the property's name comes from the class's fields afterwards (see
/// ``TypedFields/propertyNames(of:)``).
enum PropertyDeclaration: @unchecked Sendable {
    // @unchecked: the captured key path (an immutable object) and the class are never mutated.
    /// An attribute: its description once named, and whether it is unique on its own.
    case attribute(make: @Sendable (String) -> AttributeDescription, isUnique: Bool)
    /// A relationship.
    case relationship(RelationshipDeclaration)
}

/// A relationship declaration before its name and its inverse's name are known.
struct RelationshipDeclaration: @unchecked Sendable {
    // @unchecked: `inverse` is an immutable key path object.
    var destination: ManagedObject.Type
    var isToMany: Bool
    var isOrdered: Bool
    var inverse: AnyKeyPath?
    var deleteRule: DeleteRule
    var isOptional: Bool
    var minCount: Int?
    var maxCount: Int?
    var renamingIdentifier: String?
}

/// How many threads are making a prototype right now: while 0, a typed property's
/// initializer records nothing and pays one relaxed load.
@usableFromInline
let typedPropertyRecorders = Atomic<Int>(0)

/// Collects the declarations of one prototype, on the thread that makes it.
@usableFromInline
final class PropertyRecorder: Sendable {
    /// The recorder of the prototype this thread (or task) is making, if any.
    @TaskLocal static var current: PropertyRecorder?

    private let declarations = Mutex<[PropertyDeclaration]>([])

    /// Whether any thread is making a prototype (one relaxed load; the initializers of typed
    /// properties record nothing while it is false).
    @inlinable @inline(__always)
    static var isRecording: Bool { typedPropertyRecorders.load(ordering: .relaxed) != 0 }

    private let storageTypes = Mutex<Set<ObjectIdentifier>>([])

    /// Makes an object of `type` while recording its typed properties' declarations, in the
    /// order their initializers ran: the class's own first, then its superclass's, and so on;
    /// and the types of their storage (`Attribute<String>`…), by identity.
    static func prototype(
        of type: ManagedObject.Type
    )
        -> (object: ManagedObject, declarations: [PropertyDeclaration], storageTypes: Set<ObjectIdentifier>)
    {
        let recorder = PropertyRecorder()
        typedPropertyRecorders.add(1, ordering: .sequentiallyConsistent)
        defer { typedPropertyRecorders.subtract(1, ordering: .sequentiallyConsistent) }
        let object = $current.withValue(recorder) {
            type.init(entity: EntityDescription(ManagedObject.typeName(of: type)), insertInto: nil)
        }
        return (object, recorder.declarations.withLock { $0 }, recorder.storageTypes.withLock { $0 })
    }

    /// Records `declaration` of a property whose storage is a `storage` when this thread is
    /// making a prototype; its ordinal, or 0.
    private static func record(_ storage: Any.Type, _ declaration: () -> PropertyDeclaration) -> UInt16 {
        guard let recorder = current else { return 0 }
        let made = declaration()
        recorder.storageTypes.withLock { _ = $0.insert(ObjectIdentifier(storage)) }
        return recorder.declarations.withLock { list in
            list.append(made)
            return UInt16(exactly: list.count) ?? 0
        }
    }

    /// Records an attribute declaration (see ``Attribute``).
    @usableFromInline
    static func recordAttribute<Value: AttributeValue>(
        _ type: Value.Type, defaultValue: Value?, options: AttributeOptions,
        minValue: Double?, maxValue: Double?, minDate: Date?, maxDate: Date?,
        minLength: Int?, maxLength: Int?, pattern: String?, renamingIdentifier: String?, derivation: String? = nil
    ) -> UInt16 {
        record(Attribute<Value>.self) {
            let modelDefault = defaultValue?.modelDefault
            let box = UncheckedSendable(modelDefault)
            return .attribute(
                make: { name in
                    AttributeDescription(
                        name, Value.attributeType, isOptional: Value.isOptionalAttribute,
                        defaultValue: box.value, isTransient: options.contains(.transient),
                        isIndexed: options.contains(.indexed),
                        allowsExternalStorage: options.contains(.externalStorage),
                        isSearchable: options.contains(.searchable),
                        preservesValueInHistoryOnDeletion: options.contains(.preservesValueInHistoryOnDeletion),
                        minValue: minValue, maxValue: maxValue, minDate: minDate, maxDate: maxDate,
                        minLength: minLength, maxLength: maxLength, pattern: pattern,
                        renamingIdentifier: renamingIdentifier, derivation: derivation)
                }, isUnique: options.contains(.unique))
        }
    }

    /// Records a relationship declaration (see ``Relationship``).
    @usableFromInline
    static func recordRelationship<Value: RelationshipValue>(
        _ type: Value.Type, inverse: AnyKeyPath?, deleteRule: DeleteRule, isOptional: Bool,
        minCount: Int?, maxCount: Int?, renamingIdentifier: String?
    ) -> UInt16 {
        record(Relationship<Value>.self) {
            .relationship(
                RelationshipDeclaration(
                    destination: Value.Destination.self, isToMany: Value.isToMany, isOrdered: Value.isOrdered,
                    inverse: inverse,
                    deleteRule: deleteRule, isOptional: isOptional, minCount: minCount, maxCount: maxCount,
                    renamingIdentifier: renamingIdentifier))
        }
    }
}

/// A value that is only ever read, passed across a `@Sendable` boundary.
struct UncheckedSendable<Value>: @unchecked Sendable {
    // @unchecked: a model default is a plain value (String, number, Date…) read, never mutated.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A key path held in a lock-guarded table.
struct SendableKeyPath: @unchecked Sendable, Hashable {
    // @unchecked: a key path object is immutable once made.
    let keyPath: AnyKeyPath
}

/// An object held by a probe, only ever touched by the thread running the probe.
struct ProbeObject: @unchecked Sendable {
    // @unchecked: a probe and its objects live and die within one call on one thread.
    let object: ManagedObject
}
