import Foundation

/// One stored row as the stores hand it to contexts. A fetch hands each row to its visitor
/// `inout`, and the context moves the row's values into the object instead of copying them.
struct StoreRow: Sendable {
    /// The row's entity (the most specific one). Unretained: a row only travels between a store
    /// and a context for one call (a fetch's visitor, a save's changes), and the entity outlives
    /// it in the model that both hold (or in the object the row was made from). Retaining and
    /// releasing it cost two atomic operations per fetched row, ~5 % of a fetch of 100,000.
    // bench: objectgraph/fetch-100k-read
    unowned(unsafe) var entity: EntityDescription
    /// The permanent ID (temporary for rows being inserted).
    var objectID: ObjectID
    /// Incremented by every update, for optimistic locking.
    var version: Int64
    /// Attribute values by index in the entity's `allAttributes` (transient ones `.null`).
    var attributes: [StoredValue]
    /// To-one destinations by index in the entity's `allRelationships` (nil for to-many).
    var toOne: [ObjectID?]
}
