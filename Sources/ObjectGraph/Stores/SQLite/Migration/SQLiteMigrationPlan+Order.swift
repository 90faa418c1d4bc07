import Foundation

extension SQLiteMigrationPlan {
    /// Fills the position tables of the new model's ordered relationships: positions kept from
    /// the old table of a relationship that was ordered before (for members still there), and
    /// for one that becomes ordered, every source's members numbered in key order (the order
    /// they were first saved in), from 0.
    func copyPositions(on connection: SQLiteConnection) throws {
        for entity in newModel.entities {
            for relationship in entity.relationships {
                guard let table = newModel.orderName(of: relationship, in: entity),
                    let roots = newSchema.orderTables[table]
                else { continue }
                let sql: String
                if let old = oldOrderTable(of: relationship, in: entity) {
                    sql =
                        "INSERT OR IGNORE INTO \(quote(table)) (\"source\", \"destination\", \"position\")"
                        + " SELECT o.\"source\", o.\"destination\", o.\"position\" FROM \(quote(Self.oldPrefix + old)) AS o"
                        + " WHERE o.\"source\" IN (SELECT \"Z_PK\" FROM \(quote(roots.sourceRoot)))"
                        + " AND o.\"destination\" IN (SELECT \"Z_PK\" FROM \(quote(roots.destinationRoot)))"
                } else {
                    switch newSchema.mappings[entity.name]?.relationships[relationship.name] {
                    case .toManyThroughForeignKey(_, let column):
                        sql =
                            "INSERT OR IGNORE INTO \(quote(table)) (\"source\", \"destination\", \"position\")"
                            + " SELECT t0.\(quote(column)), t0.\"Z_PK\","
                            + " row_number() OVER (PARTITION BY t0.\(quote(column)) ORDER BY t0.\"Z_PK\") - 1"
                            + " FROM \(quote(roots.destinationRoot)) AS t0 WHERE t0.\(quote(column)) IS NOT NULL"
                    case .toManyThroughJoinTable(_, let join, let sourceColumn, let destinationColumn):
                        sql =
                            "INSERT OR IGNORE INTO \(quote(table)) (\"source\", \"destination\", \"position\")"
                            + " SELECT j.\(quote(sourceColumn)), j.\(quote(destinationColumn)),"
                            + " row_number() OVER (PARTITION BY j.\(quote(sourceColumn)) ORDER BY j.\(quote(destinationColumn))) - 1"
                            + " FROM \(quote(join)) AS j"
                    default:
                        continue
                    }
                }
                try connection.execute(sql)
            }
        }
    }

    /// The old position table of `relationship` of new entity `entity`, when it was ordered before.
    private func oldOrderTable(of relationship: RelationshipDescription, in entity: EntityDescription) -> String? {
        guard let oldEntityName = difference.entityMapping[entity.name],
            let oldEntity = oldModel.entity(named: oldEntityName),
            let oldName = difference.oldRelationshipName(relationship.name, of: entity, in: newModel),
            let old = oldEntity.relationship(named: oldName),
            let table = oldModel.orderName(of: old, in: oldEntity), oldSchema.orderTables[table] != nil
        else { return nil }
        return table
    }
}
