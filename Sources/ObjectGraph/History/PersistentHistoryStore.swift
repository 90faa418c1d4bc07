import Foundation

/// A store that keeps a persistent history of its saves (every store type does; a store
/// records only when opened with ``PersistentStoreOptions/recordsPersistentHistory``).
protocol PersistentHistoryStore: RowStore {
    /// Whether saves record history.
    var recordsPersistentHistory: Bool { get }
    /// The transactions numbered after `number` (all when nil) and saved at or after `date`
    /// (any time when nil), oldest first.
    func historyRecords(after number: Int64?, since date: Date?) throws -> [HistoryRecord]
    /// The number of the last transaction recorded, or nil when there is none.
    func lastHistoryNumber() throws -> Int64?
    /// The number of the oldest transaction kept (nil when none is), and of the last ever
    /// recorded, pruned or not (nil when none ever was): what tells a token whose successors
    /// were pruned.
    func historyBounds() throws -> (oldestKept: Int64?, lastRecorded: Int64?)
    /// Deletes the transactions numbered up to `number` (when given) and saved before `date`
    /// (when given); returns how many went.
    func deleteHistory(through number: Int64?, before date: Date?) throws -> Int
}
