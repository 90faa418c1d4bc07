import Foundation

/// How the members of a to-many relationship are found from their owners' keys in the SQLite
/// schema: the pieces every read of members (of one owner or many; rows, IDs or counts) is
/// built from. The destination rows are aliased `t0`.
struct SQLiteOwnerLink {
    /// The column holding an owner's key: the destination's foreign key (`t0."diaryEntry"`)
    /// or a join table's column (`j."source"`).
    let ownerColumn: String
    /// The destination rows with that column: the destination's table, or the join table
    /// joined to it.
    let destinations: String
    /// One row per membership, with that column: the destination's table, or the join table alone.
    let memberships: String
    /// The destination entity's layout.
    let layout: SQLiteSchema.EntityLayout

    /// The condition that the owner is one of a JSON array of keys bound as the one parameter.
    var ownerIsAnyOfBoundKeys: String { "\(ownerColumn) IN (SELECT value FROM json_each(?))" }
}

extension SQLiteStore {
    /// How the members of to-many `relationship` of `entity` are found; nil for a to-one or a
    /// relationship the schema does not hold.
    func ownerLink(of relationship: RelationshipDescription, in entity: EntityDescription) -> SQLiteOwnerLink? {
        guard let destination = model.entity(named: relationship.destination),
            let layout = schema.layout(of: destination)
        else { return nil }
        let destinationTable = "\(quote(layout.table)) AS t0"
        switch model.storage(of: relationship, in: entity) {
        case .foreignKey:
            return nil
        case .inverseForeignKey(let inverse):
            guard let index = destination.relationshipIndexes[inverse], let column = layout.toOneColumns[index] else {
                return nil
            }
            return SQLiteOwnerLink(
                ownerColumn: "t0.\(quote(column))", destinations: destinationTable,
                memberships: destinationTable, layout: layout)
        case .joinTable(let name, let isOwner):
            let (mine, theirs) = isOwner ? ("source", "destination") : ("destination", "source")
            let joinTable = "\(quote(name)) AS j"
            return SQLiteOwnerLink(
                ownerColumn: "j.\"\(mine)\"",
                destinations: "\(joinTable) JOIN \(destinationTable) ON t0.\"Z_PK\" = j.\"\(theirs)\"",
                memberships: joinTable, layout: layout)
        }
    }
}
