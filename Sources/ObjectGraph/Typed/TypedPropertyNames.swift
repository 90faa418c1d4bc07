import Foundation
import Synchronization

/// The names of typed properties, found from the key path of their storage (`\Note._title`),
/// which the compiler passes to the enclosing-instance subscript of ``Attribute`` and
/// ``Relationship`` on every access.
///
/// A property wrapper cannot know the name of the property it wraps, so the first access
/// through a storage key path works it out once, from where the storage lies in the object
/// and the class's fields (see ``TypedFields``); later accesses find it in
/// a table keyed by the key path object's identity (a literal key path is one object for the
/// life of the process), read without a lock: one atomic load and a probe or two.
// bench: objectgraph/fetch-100k-typed
@usableFromInline
enum TypedPropertyNames {
    /// The current table; replaced whole (never changed in place) when a name is added.
    private static let published = Atomic<Unmanaged<NameTable>?>(nil)
    /// Every name found so far, with its key path (kept alive, so an identity is never reused),
    /// and the tables published (each stays valid for readers that loaded it).
    private static let found = Mutex<(entries: [(SendableKeyPath, String)], tables: [NameTable])>(([], []))
    /// Key paths beyond this many (generic classes make a new key path object per access) are
    /// resolved on every access instead of growing the table without end.
    private static let capacity = 4096

    /// The name of the typed property whose storage `storage` reaches in `object`.
    @usableFromInline
    static func name<Object: ManagedObject, Storage>(
        of storage: ReferenceWritableKeyPath<Object, Storage>,
        on object: Object
    ) -> String {
        let key = UInt(bitPattern: ObjectIdentifier(storage))
        if let table = published.load(ordering: .acquiring),
            let name = table._withUnsafeGuaranteedRef({ $0.name(for: key) })
        {
            return name
        }
        return resolve(storage, key: key, offset: ManagedObject.fieldOffset(of: storage, in: object), in: Object.self)
    }

    /// Finds the name by where the storage lies in objects of `type` (see ``TypedFields``),
    /// and publishes it.
    @inline(never)
    private static func resolve(_ storage: AnyKeyPath, key: UInt, offset: Int, in type: ManagedObject.Type) -> String {
        guard let name = TypedFields.names(of: type)[offset] else { return "?\(storage)" }
        found.withLock { found in
            guard found.entries.count < capacity, !found.entries.contains(where: { $0.0.keyPath === storage }) else {
                return
            }
            found.entries.append((SendableKeyPath(keyPath: storage), name))
            let table = NameTable(found.entries)
            found.tables.append(table)
            published.store(Unmanaged.passUnretained(table), ordering: .releasing)
        }
        return name
    }
}

/// An immutable open-addressing table from key path identities to names.
final class NameTable: Sendable {
    private let keys: [UInt]
    private let names: [String]
    private let mask: Int

    init(_ entries: [(SendableKeyPath, String)]) {
        var size = 8
        while size < entries.count * 2 { size *= 2 }
        var keys = [UInt](repeating: 0, count: size)
        var names = [String](repeating: "", count: size)
        for (keyPath, name) in entries {
            let key = UInt(bitPattern: ObjectIdentifier(keyPath.keyPath))
            var slot = Self.slot(key, mask: size - 1)
            while keys[slot] != 0 { slot = (slot + 1) & (size - 1) }
            keys[slot] = key
            names[slot] = name
        }
        self.keys = keys
        self.names = names
        mask = size - 1
    }

    @inline(__always)
    private static func slot(_ key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The name stored for `key`, or nil.
    @inline(__always)
    func name(for key: UInt) -> String? {
        var slot = Self.slot(key, mask: mask)
        while true {
            let found = keys[slot]
            if found == key { return names[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }
}
