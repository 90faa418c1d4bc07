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
    /// The identifier of the store that holds (or will hold) the object; nil while temporary.
    public let storeIdentifier: UUID?
    /// Temporary or permanent.
    public let storage: Storage

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
        if case .temporary = storage { return true }
        return false
    }

    /// The row's primary key, or nil for a temporary ID.
    public var primaryKey: Int64? {
        if case .permanent(let key) = storage { return key }
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
        self.storeIdentifier = storeIdentifier
        self.storage = storage
    }

    /// The URI form, for messages and logs.
    public var description: String { uriRepresentation.absoluteString }
}
