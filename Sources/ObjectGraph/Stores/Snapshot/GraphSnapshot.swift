import Foundation

/// The whole graph as plain values: what the in-memory store holds and the binary store writes.
/// Rows are kept per root entity (one table per hierarchy, as in SQLite), values in the
/// entity's attribute order (the model hash guarantees the order is the one written).
struct GraphSnapshot: Codable, Sendable {
    var metadata: StoreMetadata
    /// Root entity name → table.
    var tables: [String: Table] = [:]
    /// Join table name → rows.
    var joins: [String: Set<JoinRow>] = [:]
    /// Positions of ordered to-many members: order name (`Z_ORDER_…`) → source key → member keys
    /// in order (nil in a store that never had an ordered relationship).
    var orders: [String: [Int64: [Int64]]]?
    /// The persistent history, oldest first (nil in a store that never recorded any).
    var history: [HistoryRecord]?
    /// The number of the last history transaction ever recorded (kept when it is pruned).
    var lastHistoryNumber: Int64?

    struct Table: Codable, Sendable {
        var lastKey: Int64 = 0
        var records: [Int64: Record] = [:]
    }

    struct Record: Codable, Sendable {
        var entityName: String
        var version: Int64
        var attributes: [StoredValue]
        /// To-one destinations' keys by relationship index (nil for to-many and unset).
        var toOne: [Int64?]
    }

    struct JoinRow: Codable, Sendable, Hashable {
        var source: Int64
        var destination: Int64
    }

    /// The concrete entity of row `key` in the table of `rootName`, as an ID.
    func objectID(root rootName: String, key: Int64) -> ObjectID? {
        guard let record = tables[rootName]?.records[key] else { return nil }
        return .permanent(entityName: record.entityName, storeIdentifier: metadata.storeIdentifier, primaryKey: key)
    }
}
