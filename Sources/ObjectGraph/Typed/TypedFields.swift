@_spi(Reflection) import Swift
import Synchronization

/// Where the storage of each typed property (`@Attribute var title` keeps an `_title`) lies in
/// objects of a ``ManagedObject`` subclass, and what the property is called: its byte offset and
/// name, found once per class from the runtime's field reflection (superclasses' fields
/// included, at the same offsets in every subclass).
///
/// The getter of an ``Attribute`` names its property by that offset rather than by a key path:
/// the compiler folds the offset of `&object[keyPath: storage]` to a constant, while any other
/// use of a key path argument makes it build and release the key path object on every read.
///
/// This is also where a model learns the names of a class's typed properties (see
/// ``propertyNames(of:)``): one pass over the class's fields, no `Mirror` (which boxes every
/// field's value and asks the runtime for a protocol conformance of each; a whole scan of the
/// binary's conformance records for every type not asked about before).
// bench: objectgraph/fetch-100k-typed
enum TypedFields {
    /// The typed properties of one class, superclasses' first, each in declaration order.
    struct Layout: Sendable {
        /// Each typed property's storage offset and name (without the `_`), in field order.
        let fields: [(offset: Int, name: String)]
        /// The names by storage offset.
        let namesByOffset: [Int: String]
    }

    /// `_EachFieldOptions.classType` (a `static var` there, so not usable under strict concurrency).
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0)
    /// The layouts found so far, per class.
    private static let layoutsByClass = Mutex<[ObjectIdentifier: Layout]>([:])

    /// The typed properties of `type` with their storage offsets. `storageTypes` are the
    /// storage types a prototype of `type` (or of a subclass) recorded; without them one is made.
    static func layout(of type: ManagedObject.Type, storageTypes: Set<ObjectIdentifier>? = nil) -> Layout {
        let key = ObjectIdentifier(type)
        if let known = layoutsByClass.withLock({ $0[key] }) { return known }
        let typed = storageTypes ?? PropertyRecorder.prototype(of: type).storageTypes
        let fields =
            ClassFieldRecords.typedFields(of: type, storageTypes: typed)
            ?? reflectedFields(of: type, storageTypes: typed)
        var names: [Int: String] = [:]
        for field in fields { names[field.offset] = field.name }
        let layout = Layout(fields: fields, namesByOffset: names)
        layoutsByClass.withLock { $0[key] = layout }
        return layout
    }

    /// The typed properties of `type` as the runtime's field reflection finds them: each field's
    /// type is resolved from its mangled name, with the conformance checks its generic arguments
    /// need (the path ``ClassFieldRecords`` avoids; taken where that one cannot tell).
    static func reflectedFields(
        of type: ManagedObject.Type, storageTypes typed: Set<ObjectIdentifier>
    )
        -> [(offset: Int, name: String)]
    {
        var fields: [(offset: Int, name: String)] = []
        _ = _forEachField(of: type, options: classFields) { label, offset, fieldType, _ in
            // A typed property's storage is `_name`, of a type its declaration recorded: found
            // by identity, not by asking the runtime whether the type conforms (that costs a scan
            // of every conformance record the first time each type is asked about). `ManagedObject`'s
            // own fields have no leading `_`; any other `_field` is asked about as before.
            guard label[0] == CChar(truncatingIfNeeded: UInt8(ascii: "_")),
                typed.contains(ObjectIdentifier(fieldType)) || fieldType is any TypedPropertyStorage.Type
            else { return true }
            fields.append((offset, String(cString: label + 1)))
            return true
        }
        return fields
    }

    /// The names of the typed properties of `type` by the byte offset of their storage.
    static func names(of type: ManagedObject.Type) -> [Int: String] {
        layout(of: type).namesByOffset
    }

    /// The names of the typed properties of `type`, in the order a prototype of it records
    /// their declarations (see ``PropertyRecorder/prototype(of:)``): the class's own first,
    /// then each superclass's up to ``ManagedObject``, each level in declaration order.
    /// `storageTypes`: as for ``layout(of:storageTypes:)``.
    static func propertyNames(of type: ManagedObject.Type, storageTypes: Set<ObjectIdentifier>? = nil) -> [[String]] {
        var levels: [[String]] = []
        var current: ManagedObject.Type = type
        while current != ManagedObject.self {
            let fields = layout(of: current, storageTypes: storageTypes).fields
            let parent = _getSuperclass(current) as? ManagedObject.Type
            let inherited = parent.map { layout(of: $0, storageTypes: storageTypes).fields.count } ?? 0
            levels.append(fields.dropFirst(inherited).map(\.name))
            guard let parent else { break }
            current = parent
        }
        return levels
    }

    /// The name of the typed property whose storage lies at `offset` in objects of `type`
    /// (a name no entity has when none does, so a read finds nothing rather than another key).
    static func name(atOffset offset: Int, in type: ManagedObject.Type) -> String {
        names(of: type)[offset] ?? "?field\(offset)"
    }

    /// For an entity's class: each attribute's index in `attributeIndex` by the byte offset of
    /// its storage (-1 where no typed attribute lies); empty for a class without typed properties.
    static func attributeSlots(of type: ManagedObject.Type, attributeIndex: (String) -> Int?) -> [Int32] {
        guard type != ManagedObject.self else { return [] }
        let names = names(of: type)
        guard let last = names.keys.max(), last >= 0 else { return [] }
        var slots = [Int32](repeating: -1, count: last + 1)
        for (offset, name) in names where offset >= 0 {
            if let index = attributeIndex(name) { slots[offset] = Int32(index) }
        }
        return slots
    }
}

extension ManagedObject {
    /// The byte offset of a typed property's storage in `object` (a constant once optimized:
    /// the key path projection folds to the stored property's address, and no key path is made).
    @inlinable @inline(__always) @usableFromInline
    static func fieldOffset<Object: ManagedObject, Storage>(
        of storage: ReferenceWritableKeyPath<Object, Storage>, in object: Object
    ) -> Int {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return withUnsafeMutablePointer(to: &object[keyPath: storage]) { UnsafeRawPointer($0) - base }
    }

    /// The class's name as `String(describing:)` writes a metatype (`DiaryEntry`), without the
    /// protocol-conformance lookups `String(describing:)` makes before it gets there (a metatype
    /// conforms to none, and each lookup of a type not asked about before scans every record).
    static func typeName(of type: ManagedObject.Type) -> String {
        _typeName(type, qualified: false)
    }
}
