import Foundation

/// The reads behind batched faulting and prefetching: IDs without rows, rows of many IDs at
/// once, and the destinations of one relationship for many objects, each in one query.
/// (Every store type conforms.)
protocol QueryingRowStore: RowStore {
    /// The IDs of the rows `request` matches, filtered, sorted and paged.
    func fetchIDs(_ request: StoreFetch) throws -> [ObjectID]
    /// The rows of `ids` that exist, in no particular order.
    func rows(for ids: [ObjectID]) throws -> [StoreRow]
    /// For to-many `relationship` of `entity`: the destination rows of the objects with keys
    /// `owners`, each with the key of the owner it belongs to; binary values left in the store
    /// when `defersBinaryValues` (by a store that can read them later).
    func destinationRows(of owners: [Int64], entity: EntityDescription, relationship: RelationshipDescription,
                         defersBinaryValues: Bool) throws -> [(owner: Int64, row: StoreRow)]
    /// For to-many `relationship` of `entity`: the IDs of the destinations of the objects with
    /// keys `owners`, each with the key of the owner it belongs to (no row values read).
    func destinationIDs(of owners: [Int64], entity: EntityDescription,
                        relationship: RelationshipDescription) throws -> [(owner: Int64, destination: ObjectID)]
    /// The stored value of attribute `index` of the row of `id` (nil when there is no such row).
    func storedValue(ofAttributeAt index: Int, of id: ObjectID) throws -> StoredValue?
    /// For to-many `relationship` of `entity`: how many destinations each of the objects with
    /// keys `owners` has (owners without any are left out).
    func destinationCounts(of owners: [Int64], entity: EntityDescription,
                           relationship: RelationshipDescription) throws -> [Int64: Int]
}

extension QueryingRowStore {
    /// Reads the whole row (for stores that hold the graph in memory).
    func storedValue(ofAttributeAt index: Int, of id: ObjectID) throws -> StoredValue? {
        guard let row = try rows(for: [id]).first, index < row.attributes.count else { return nil }
        return row.attributes[index]
    }

    /// The IDs of the rows ``destinationRows(of:entity:relationship:defersBinaryValues:)``
    /// gives (for stores that hold the whole graph in memory, where rows cost nothing to read).
    func destinationIDs(of owners: [Int64], entity: EntityDescription,
                        relationship: RelationshipDescription) throws -> [(owner: Int64, destination: ObjectID)] {
        try destinationRows(of: owners, entity: entity, relationship: relationship, defersBinaryValues: false)
            .map { ($0.owner, $0.row.objectID) }
    }

    /// Counts the rows ``destinationRows(of:entity:relationship:defersBinaryValues:)`` gives
    /// (for stores that hold the whole graph in memory, where that is as cheap as anything).
    func destinationCounts(of owners: [Int64], entity: EntityDescription,
                           relationship: RelationshipDescription) throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        let rows = try destinationRows(of: owners, entity: entity, relationship: relationship, defersBinaryValues: false)
        for (owner, _) in rows {
            counts[owner, default: 0] += 1
        }
        return counts
    }
}
