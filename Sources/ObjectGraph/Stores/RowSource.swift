import Foundation

/// Where a context reads rows: what fetches, faults, counts and refreshes need, and nothing
/// else. Every persistent store is one (through ``StoreBackend``); so is a parent context for its
/// child contexts (``ParentContextRowSource``), which is not a store: it is neither `Sendable`
/// nor saved to, and has no identity, file or metadata.
protocol RowSource {
    /// Calls `visit` with each row matching `request`, filtered, sorted and paged, while the
    /// source is locked: `visit` must not call back into it. The row is the visitor's to take
    /// apart (it is not used again), so its values can move into an object uncopied.
    func fetch(_ request: StoreFetch, _ visit: (inout StoreRow) throws -> Void) throws
    /// How many rows match `request` (limit and offset applied).
    func count(_ request: StoreFetch) throws -> Int
    /// The row of `id`, or nil when there is none.
    func row(for id: ObjectID) throws -> StoreRow?
    /// The destinations of to-many `relationship` of `id`.
    func destinations(of id: ObjectID, relationship: RelationshipDescription) throws -> [ObjectID]
}
