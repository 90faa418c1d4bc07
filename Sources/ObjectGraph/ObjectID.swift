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
    /// A temporary ID's own UUID, or a permanent ID's store identifier, as two plain words.
    /// (Foundation's `UUID` is a resilient type, so holding one would make every copy of an ID,
    /// and of each fetched row that carries one, a call through its value witnesses; plain
    /// words copy inline, and one pair serves both kinds, so an ID is 41 bytes instead of 57.)
    private let words: UUIDWords
    /// The row's primary key; 0 and unused while temporary.
    private let key: Int64
    /// Whether the ID is temporary.
    private let temporary: Bool

    /// Temporary or permanent.
    public var storage: Storage {
        temporary ? .temporary(words.uuid) : .permanent(key)
    }

    /// The identifier of the store that holds (or will hold) the object; nil while temporary
    /// (and for a permanent ID made without one: the all-zero words stand for "none", since a
    /// store's random UUID is never all zeros).
    public var storeIdentifier: UUID? {
        temporary || words == UUIDWords(high: 0, low: 0) ? nil : words.uuid
    }

    /// Makes a new temporary ID for an object of `entityName`.
    public static func temporary(entityName: String) -> ObjectID {
        ObjectID(entityName: entityName, storeIdentifier: nil, storage: .temporary(UUID()))
    }

    /// Makes the permanent ID of row `primaryKey` of `entityName` in store `storeIdentifier`.
    public static func permanent(entityName: String, storeIdentifier: UUID, primaryKey: Int64) -> ObjectID {
        ObjectID(entityName: entityName, storeIdentifier: storeIdentifier, storage: .permanent(primaryKey))
    }

    /// Whether the ID is still temporary.
    public var isTemporaryID: Bool { temporary }

    /// The row's primary key, or nil for a temporary ID.
    public var primaryKey: Int64? { temporary ? nil : key }

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
        switch storage {
        case .temporary(let uuid):
            (words, key, temporary) = (UUIDWords(uuid), 0, true)
        case .permanent(let key):
            (words, self.key, temporary) = (
                storeIdentifier.map(UUIDWords.init) ?? UUIDWords(high: 0, low: 0), key, false
            )
        }
    }

    /// The all-zero temporary ID an object holds between its initializer and its registration
    /// (built from words: no `UUID` to convert per fetched object).
    static func placeholder(entityName: String) -> ObjectID {
        ObjectID(entityName: entityName, words: UUIDWords(high: 0, low: 0), key: 0, temporary: true)
    }

    /// The permanent ID of row `primaryKey` of the same entity in the same store (for a reader
    /// turning a run of rows into IDs without converting the store's `UUID` for each).
    func withPrimaryKey(_ primaryKey: Int64) -> ObjectID {
        ObjectID(entityName: entityName, words: words, key: primaryKey, temporary: false)
    }

    private init(entityName: String, words: UUIDWords, key: Int64, temporary: Bool) {
        self.entityName = entityName
        self.words = words
        self.key = key
        self.temporary = temporary
    }

    /// Equal when entity, store and storage are equal.
    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.key == rhs.key && lhs.temporary == rhs.temporary && lhs.words == rhs.words
            && lhs.entityName == rhs.entityName
    }

    /// Hashes entity, store and storage.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(temporary)
        hasher.combine(words)
        hasher.combine(entityName)
    }

    /// The URI form, for messages and logs.
    public var description: String { uriRepresentation.absoluteString }
}

extension ObjectID {
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
                (
                    bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                    bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                )
            }
        }

        var uuid: UUID {
            // The same 16 bytes read back as a `uuid_t` (16 `UInt8`s, any bit pattern valid).
            UUID(uuid: withUnsafeBytes(of: (high, low)) { $0.loadUnaligned(as: uuid_t.self) })
        }
    }
}
