import Foundation
import Synchronization

/// Turns a Swift key path over typed properties (`\Note.title`, `\Note.folder?.name`) into
/// the key path names predicates and sorts use (`["title"]`, `["folder", "name"]`).
///
/// It applies the key path to a probe: an object outside any context whose typed properties,
/// read, note their names (a to-one hands out a probe of its destination, so a path goes on
/// through it). Results are cached per key path.
@usableFromInline
final class KeyPathProbe: Sendable {
    private let path = Mutex<[String]>([])
    /// The first typed property read: a relationship by its key path (what `\\Note.folder` is
    /// when it names one), an attribute by nil (its getter hands out no key path).
    private let firstRead = Mutex<SendableKeyPath??>(nil)
    /// The typed attributes written, in order (see ``path(of:)``).
    private let written = Mutex<[String]>([])
    private let objects = Mutex<[ProbeObject]>([])

    /// How many probes are running: while 0, a nil read of a context-less object returns at once.
    private static let running = Atomic<Int>(0)
    private static let probesByObject = Mutex<[ObjectIdentifier: KeyPathProbe]>([:])
    private static let cache = Mutex<[SendableKeyPath: [String]]>([:])

    /// The names along `keyPath`, or nil when it does not go through typed properties of a
    /// ``ManagedObject`` subclass (a computed property, say).
    static func path(of keyPath: AnyKeyPath) -> [String]? {
        let cacheKey = SendableKeyPath(keyPath: keyPath)
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        guard let root = type(of: keyPath).rootType as? ManagedObject.Type else { return nil }
        let probe = KeyPathProbe()
        running.add(1, ordering: .sequentiallyConsistent)
        defer {
            running.subtract(1, ordering: .sequentiallyConsistent)
            probe.finish()
        }
        let object = probe.makeObject(root)
        _ = object[keyPath: keyPath]
        let path = probe.path.withLock { $0 }
        guard !path.isEmpty else { return nil }
        // A computed property over a typed one (`var shout: String { title.uppercased() }`) reads
        // it too: a one-step path must be the typed property itself, or it names nothing.
        // (A key path from a subclass to an inherited property has another root and is not
        // equal to the property's own: there only the root's place in the hierarchy is checked.)
        if path.count == 1, case .some(.none) = probe.firstRead.withLock({ $0 }) {
            // An attribute: the key path must be the property itself, so writing through it
            // writes that attribute (a computed property has no setter, or sets something else).
            guard let writable = keyPath as? any ProbeWritableKeyPath, writable.rewrite(on: object),
                probe.written.withLock({ $0 }) == path
            else { return nil }
        } else if path.count == 1, let first = probe.firstRead.withLock({ $0??.keyPath }), first != keyPath {
            let firstRoot = type(of: first).rootType
            guard firstRoot != root, let declaring = firstRoot as? ManagedObject.Type, root.isSubclass(of: declaring)
            else {
                return nil
            }
        }
        cache.withLock { $0[cacheKey] = path }
        return path
    }

    /// The names along `keyPath`, or one component naming it that no entity has (so a fetch
    /// with it fails with an error naming the key path rather than matching the wrong key).
    static func components(of keyPath: AnyKeyPath) -> [String] {
        path(of: keyPath) ?? ["?\(keyPath)"]
    }

    private func makeObject(_ type: ManagedObject.Type) -> ManagedObject {
        let object = type.init(entity: EntityDescription(ManagedObject.typeName(of: type)), insertInto: nil)
        objects.withLock { $0.append(ProbeObject(object: object)) }
        Self.probesByObject.withLock { $0[ObjectIdentifier(object)] = self }
        return object
    }

    private func finish() {
        let made = objects.withLock { $0 }
        Self.probesByObject.withLock { probes in
            for made in made { probes[ObjectIdentifier(made.object)] = nil }
        }
    }

    private static func probe(of object: ManagedObject) -> KeyPathProbe? {
        guard running.load(ordering: .relaxed) != 0 else { return nil }
        return probesByObject.withLock { $0[ObjectIdentifier(object)] }
    }

    /// Called by a typed attribute that read nil from an object outside any context: notes the
    /// attribute whose storage lies at `offset` when the object is a probe.
    @usableFromInline
    static func noteRead(fieldOffset offset: Int, on object: ManagedObject) {
        guard let probe = probe(of: object) else { return }
        probe.note(TypedFields.name(atOffset: offset, in: type(of: object)), keyPath: nil)
    }

    /// Called by a to-many typed relationship that read nothing from an object outside any
    /// context: notes `key` when the object is a probe.
    @usableFromInline
    static func noteRead(_ key: String, on object: ManagedObject, keyPath: AnyKeyPath) {
        probe(of: object)?.note(key, keyPath: keyPath)
    }

    /// Called by a typed attribute set on an object outside any context: notes `key` when the
    /// object is a probe.
    @usableFromInline
    static func noteWrite(_ key: String, on object: ManagedObject) {
        probe(of: object)?.written.withLock { $0.append(key) }
    }

    private func note(_ key: String, keyPath: AnyKeyPath?) {
        path.withLock { $0.append(key) }
        firstRead.withLock { first in
            if first == nil { first = .some(keyPath.map { SendableKeyPath(keyPath: $0) }) }
        }
    }

    /// Called by a to-one typed property that read nil from an object outside any context:
    /// when the object is a probe, notes `key` and hands out a probe of the destination.
    @usableFromInline
    static func noteToOne<Destination: ManagedObject>(
        _ key: String, on object: ManagedObject, keyPath: AnyKeyPath,
        destination: Destination.Type
    ) -> Destination? {
        guard let probe = probe(of: object) else { return nil }
        probe.note(key, keyPath: keyPath)
        return probe.makeObject(destination) as? Destination
    }
}

/// A key path a probe can write through (one to a settable property of a managed object).
protocol ProbeWritableKeyPath {
    /// Sets the property to the value it has in `object`; false when `object` is not of the root type.
    func rewrite(on object: ManagedObject) -> Bool
}

extension ReferenceWritableKeyPath: ProbeWritableKeyPath where Root: ManagedObject {
    func rewrite(on object: ManagedObject) -> Bool {
        guard let root = object as? Root else { return false }
        root[keyPath: self] = root[keyPath: self]
        return true
    }
}

extension ManagedObject {
    /// Whether this class is `other` or a subclass of it.
    static func isSubclass(of other: ManagedObject.Type) -> Bool {
        var current: Any.Type? = self
        while let type = current {
            if type == other { return true }
            current = (type as? AnyClass).flatMap { _getSuperclass($0) }
        }
        return false
    }
}
