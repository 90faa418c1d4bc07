import Foundation

/// One object a saved transaction inserted, updated or deleted (Core Data's `NSPersistentHistoryChange`).
public struct PersistentHistoryChange: Sendable, Hashable {
    /// What the save did to the object.
    public enum Kind: Int, Sendable, Hashable, Codable {
        /// The object was inserted.
        case insert = 0
        /// Some of the object's values or relationships were changed.
        case update = 1
        /// The object was deleted.
        case delete = 2
    }

    /// What the save did.
    public var kind: Kind
    /// The object (its entity as the model of the transaction's store named it; a deleted
    /// object's ID names a row that is gone).
    public var objectID: ObjectID
    /// For an update, the attributes and relationships the save changed; nil otherwise.
    public var updatedKeys: Set<String>?
    /// For a delete of an object whose entity keeps values on deletion
    /// (``AttributeDescription/preservesValueInHistoryOnDeletion``), those values; nil otherwise.
    public var tombstone: PersistentHistoryTombstone? = nil
}
