import Foundation

/// The position tables of ordered to-many relationships: one per relationship,
/// `"Z_ORDER_<entity>_<relationship>" ("source", "destination", "position")`, a row per member
/// with its place among the source's members. Membership itself stays where the relationship
/// keeps it (the destination's foreign key or the join table); a member without a position
/// (linked from the other side, or before the relationship was ordered) comes after the
/// positioned ones, in key order. Rows go with their source or destination (cascade).
extension SQLiteSchema {
    /// Every ordered relationship's position table, with the root tables of its two sides.
    static func orderTables(of model: ManagedObjectModel) -> [String: (sourceRoot: String, destinationRoot: String)] {
        var tables: [String: (sourceRoot: String, destinationRoot: String)] = [:]
        for entity in model.entities {
            for relationship in entity.relationships {
                guard let name = model.orderName(of: relationship, in: entity) else { continue }
                tables[name] = (
                    entity.rootName, model.entity(named: relationship.destination)?.rootName ?? relationship.destination
                )
            }
        }
        return tables
    }

    /// The statements creating the position tables.
    var orderTableStatements: [String] {
        orderTables.sorted { $0.key < $1.key }.map { name, roots in
            let reference = " ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED"
            return
                "CREATE TABLE \(quote(name)) (\"source\" INTEGER NOT NULL REFERENCES \(quote(roots.sourceRoot))(\"Z_PK\")"
                + reference + ", \"destination\" INTEGER NOT NULL REFERENCES \(quote(roots.destinationRoot))(\"Z_PK\")"
                + reference
                + ", \"position\" INTEGER NOT NULL, PRIMARY KEY (\"source\", \"destination\")) WITHOUT ROWID"
        }
    }
}
