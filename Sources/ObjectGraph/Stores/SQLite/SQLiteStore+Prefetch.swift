import CSQLite
import Foundation

extension SQLiteStore {
    /// Sources bound per statement: well under SQLite's limit of host parameters.
    private static let sourcesPerStatement = 500

    /// The destination rows of to-many `relationship` for all of `sources` in one statement per
    /// 500 sources: a join-table relationship reads the join table joined to the destination
    /// table, one kept by the destination's foreign key reads the destination table.
    func destinationRows(of sources: [ObjectID], relationship: RelationshipDescription,
                         in entity: EntityDescription) throws -> [(source: Int64, row: StoreRow)] {
        guard let destination = model.entity(named: relationship.destination),
              let layout = schema.layouts[destination.name], let table = schema.tables[layout.table] else { return [] }
        let from: String
        switch model.storage(of: relationship, in: entity) {
        case .foreignKey:
            return []
        case .inverseForeignKey(let inverse):
            guard let index = destination.relationshipIndexes[inverse], let column = layout.toOneColumns[index] else { return [] }
            from = "SELECT \(table.selectColumns), t0.\(quote(column)) FROM \(quote(layout.table)) AS t0 WHERE t0.\(quote(column))"
        case .joinTable(let name, let isOwner):
            let (mine, theirs) = isOwner ? ("source", "destination") : ("destination", "source")
            from = "SELECT \(table.selectColumns), j.\"\(mine)\" FROM \(quote(name)) AS j JOIN \(quote(layout.table)) AS t0"
                + " ON t0.\"Z_PK\" = j.\"\(theirs)\" WHERE j.\"\(mine)\""
        }
        let sameTable = schema.layouts.values.filter { $0.table == layout.table }.count
        let entities = layout.entityNumbers.count == sameTable
            ? "" : " AND t0.\"Z_ENT\" IN (\(layout.entityNumbers.map(String.init).joined(separator: ", ")))"
        let sourceColumn = Int32(3 + table.columns.count)
        let keys = sources.compactMap(\.primaryKey)
        var result: [(source: Int64, row: StoreRow)] = []
        try withConnection { connection in
            for start in stride(from: 0, to: keys.count, by: Self.sourcesPerStatement) {
                let chunk = keys[start..<min(start + Self.sourcesPerStatement, keys.count)]
                let sql = from + " IN (" + Array(repeating: "?", count: chunk.count).joined(separator: ", ") + ")"
                    + entities + " ORDER BY t0.\"Z_PK\""
                let statement = try connection.statement(sql)
                defer { statement.reset() }
                for (offset, key) in chunk.enumerated() { try statement.bind(key, at: Int32(offset + 1)) }
                while try statement.step() {
                    if let row = try decodeRow(statement, connection: connection) {
                        result.append((statement.int64(sourceColumn), row))
                    }
                }
            }
        }
        return result
    }
}
