@_spi(Reflection) import Swift
import Synchronization

/// Where the storage of each typed property (`@Attribute var title` keeps an `_title`) lies in
/// objects of a ``ManagedObject`` subclass: its byte offset, found once per class from the
/// runtime's field reflection (superclasses' fields included, at the same offsets in every
/// subclass).
///
/// The getter of an ``Attribute`` names its property by that offset rather than by a key path:
/// the compiler folds the offset of `&object[keyPath: storage]` to a constant, while any other
/// use of a key path argument makes it build and release the key path object on every read.
// bench: objectgraph/fetch-100k-typed
enum TypedFields {
    /// `_EachFieldOptions.classType` (a `static var` there, so not usable under strict concurrency).
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0)
    /// The typed properties' names by byte offset, per class.
    private static let namesByClass = Mutex<[ObjectIdentifier: [Int: String]]>([:])

    /// The names of the typed properties of `type` by the byte offset of their storage.
    static func names(of type: ManagedObject.Type) -> [Int: String] {
        let key = ObjectIdentifier(type)
        if let known = namesByClass.withLock({ $0[key] }) { return known }
        var names: [Int: String] = [:]
        _ = _forEachField(of: type, options: classFields) { label, offset, fieldType, _ in
            let name = String(cString: label)
            if fieldType is any TypedPropertyStorage.Type, name.hasPrefix("_") { names[offset] = String(name.dropFirst()) }
            return true
        }
        namesByClass.withLock { $0[key] = names }
        return names
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
}
