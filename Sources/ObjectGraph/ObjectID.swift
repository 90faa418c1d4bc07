import Foundation

/// The identity of one managed object: its entity and its row in one store.
///
/// An object inserted into a context has a *temporary* ID until the context saves;
/// afterwards its ID is *permanent*: the row's primary key in the store that holds it.
/// Permanent IDs have a URI form, `x-objectgraph://<store-uuid>/<Entity>/p<key>`,
/// that ``init(uriRepresentation:)`` parses back.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// Whether the ID is temporary (unsaved) or names a stored row.
    public enum Storage: Hashable, Sendable {
        /// An object not yet saved; the UUID is unique per insert.
        case temporary(UUID)
        /// A saved object: the row's primary key in its store.
        case permanent(Int64)
    }

    /// The name of the object's entity (the most specific one, never an abstract parent).
    public let entityName: String
    /// The store's identifier as two words, nil while temporary. (Foundation's `UUID` is a
    /// resilient type, so holding one would make every copy of an ID, and of each fetched row
    /// that carries one, a call through its value witnesses; plain words copy inline.)
    private let store: UUIDWords?
    /// Temporary (a per-insert UUID, as two words) or permanent (the row's key).
    private let kind: Kind

    /// Temporary or permanent.
    public var storage: Storage {
        switch kind {
        case .temporary(let words): .temporary(words.uuid)
        case .permanent(let key): .permanent(key)
        }
    }

    /// The identifier of the store that holds (or will hold) the object; nil while temporary.
    public var storeIdentifier: UUID? { store?.uuid }

    /// Makes a new temporary ID for an object of `entityName`.
    public static func temporary(entityName: String) -> ObjectID {
        ObjectID(entityName: entityName, storeIdentifier: nil, storage: .temporary(UUID()))
    }

    /// Makes the permanent ID of row `primaryKey` of `entityName` in store `storeIdentifier`.
    public static func permanent(entityName: String, storeIdentifier: UUID, primaryKey: Int64) -> ObjectID {
        ObjectID(entityName: entityName, storeIdentifier: storeIdentifier, storage: .permanent(primaryKey))
    }

    /// Whether the ID is still temporary.
    public var isTemporaryID: Bool {
        if case .temporary = kind { return true }
        return false
    }

    /// The row's primary key, or nil for a temporary ID.
    public var primaryKey: Int64? {
        if case .permanent(let key) = kind { return key }
        return nil
    }

    /// The URI form of a permanent ID, `x-objectgraph://<store-uuid>/<Entity>/p<key>`;
    /// a temporary ID gives `x-objectgraph://temporary/<Entity>/t<uuid>`.
    public var uriRepresentation: URL {
        let text: String
        switch storage {
        case .permanent(let key):
            text = "x-objectgraph://\(storeIdentifier?.uuidString ?? "unknown")/\(entityName)/p\(key)"
        case .temporary(let uuid):
            text = "x-objectgraph://temporary/\(entityName)/t\(uuid.uuidString)"
        }
        // Entity names are identifiers and UUIDs are hex, so the text is always a valid URL.
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// Parses the URI form made by ``uriRepresentation``; nil when `uri` is not one.
    public init?(uriRepresentation uri: URL) {
        guard uri.scheme == "x-objectgraph", let host = uri.host else { return nil }
        let parts = uri.path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, let kind = parts[1].first else { return nil }
        let entity = String(parts[0])
        let rest = String(parts[1].dropFirst())
        guard !entity.isEmpty else { return nil }
        switch kind {
        case "p":
            guard let store = UUID(uuidString: host), let key = Int64(rest) else { return nil }
            self.init(entityName: entity, storeIdentifier: store, storage: .permanent(key))
        case "t":
            guard host == "temporary", let uuid = UUID(uuidString: rest) else { return nil }
            self.init(entityName: entity, storeIdentifier: nil, storage: .temporary(uuid))
        default:
            return nil
        }
    }

    /// Makes an ID from its parts.
    public init(entityName: String, storeIdentifier: UUID?, storage: Storage) {
        self.entityName = entityName
        self.store = storeIdentifier.map(UUIDWords.init)
        switch storage {
        case .temporary(let uuid): kind = .temporary(UUIDWords(uuid))
        case .permanent(let key): kind = .permanent(key)
        }
    }

    /// The all-zero temporary ID an object holds between its initializer and its registration
    /// (built from words: no `UUID` to convert per fetched object).
    static func placeholder(entityName: String) -> ObjectID {
        ObjectID(entityName: entityName, store: nil, kind: .temporary(UUIDWords(high: 0, low: 0)))
    }

    private init(entityName: String, store: UUIDWords?, kind: Kind) {
        self.entityName = entityName
        self.store = store
        self.kind = kind
    }

    /// Equal when entity, store and storage are equal.
    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.kind == rhs.kind && lhs.store == rhs.store && lhs.entityName == rhs.entityName
    }

    /// Hashes entity, store and storage.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(store)
        hasher.combine(entityName)
    }

    /// The URI form, for messages and logs.
    public var description: String { uriRepresentation.absoluteString }
}

extension ObjectID {
    /// Temporary or permanent, without Foundation types (see `store`).
    private enum Kind: Hashable, Sendable {
        case temporary(UUIDWords)
        case permanent(Int64)
    }

    /// A UUID's 16 bytes as two words, in the UUID's byte order.
    private struct UUIDWords: Hashable, Sendable {
        let high: UInt64
        let low: UInt64

        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        init(_ uuid: UUID) {
            // Reads the 16 bytes of the 16-byte `uuid_t` as two unaligned words: exactly in bounds.
            (high, low) = withUnsafeBytes(of: uuid.uuid) { bytes in
                (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }

        var uuid: UUID {
            // The same 16 bytes read back as a `uuid_t` (16 `UInt8`s, any bit pattern valid).
            UUID(uuid: withUnsafeBytes(of: (high, low)) { $0.loadUnaligned(as: uuid_t.self) })
        }
    }
}
