import Foundation

extension RowStore {
    /// The destination rows of to-many `relationship` of every object in `sources`, one
    /// source at a time (stores without a faster way of reading many at once).
    func destinationRows(of sources: [ObjectID], relationship: RelationshipDescription,
                         in entity: EntityDescription) throws -> [(source: Int64, row: StoreRow)] {
        var result: [(source: Int64, row: StoreRow)] = []
        for source in sources {
            guard let key = source.primaryKey else { continue }
            for id in try destinations(of: source, relationship: relationship) {
                if let row = try row(for: id) { result.append((key, row)) }
            }
        }
        return result
    }
}
