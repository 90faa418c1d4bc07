import Foundation

/// How entities map onto SQL tables, as the predicate compiler needs it.
///
/// The SQLite store implements it from its generated schema; the compiler only reads it.
/// Value encodings in columns (shared by the store and the compiler):
/// string → TEXT; integers and booleans → INTEGER (0/1); double → REAL;
/// date → REAL seconds since 2001-01-01 UTC (`timeIntervalSinceReferenceDate`, exact); UUID → TEXT (`uuidString`, upper
/// case); binary → BLOB; an object reference → the INTEGER primary key.
package protocol SQLPredicateSchema {
    /// The mapping of entity `name`, or nil when there is no such entity.
    func sqlMapping(forEntity name: String) -> SQLEntityMapping?
}

/// One entity's table, columns and relationships.
package struct SQLEntityMapping: Sendable {
    /// The table holding the entity's whole hierarchy (one table per root entity).
    package var table: String
    /// The INTEGER primary key column.
    package var primaryKeyColumn: String
    /// The column holding the entity number of each row, and the numbers of this entity
    /// and all its sub-entities; a fetch of this entity restricts to those.
    package var entityColumn: String
    /// This entity's number and its sub-entities' numbers.
    package var entityNumbers: [Int64]
    /// Attribute name → column.
    package var attributes: [String: SQLAttributeMapping]
    /// Relationship name → how it is stored.
    package var relationships: [String: SQLRelationshipMapping]

    /// Makes a mapping.
    package init(
        table: String, primaryKeyColumn: String, entityColumn: String, entityNumbers: [Int64],
        attributes: [String: SQLAttributeMapping], relationships: [String: SQLRelationshipMapping]
    ) {
        self.table = table
        self.primaryKeyColumn = primaryKeyColumn
        self.entityColumn = entityColumn
        self.entityNumbers = entityNumbers
        self.attributes = attributes
        self.relationships = relationships
    }
}

/// One attribute's column.
package struct SQLAttributeMapping: Sendable {
    /// How values are encoded in the column (see ``SQLPredicateSchema``).
    package enum Encoding: Sendable { case text, integer, boolean, real, date, uuid, blob }
    /// The column name (unquoted).
    package var column: String
    /// The encoding.
    package var encoding: Encoding
    /// Makes a mapping.
    package init(column: String, encoding: Encoding) {
        self.column = column
        self.encoding = encoding
    }
}

/// How one relationship is stored.
package enum SQLRelationshipMapping: Sendable {
    /// To-one: `foreignKeyColumn` on this entity's table holds the destination's primary key.
    case toOne(destination: String, foreignKeyColumn: String)
    /// To-many whose inverse is to-one: `destinationForeignKeyColumn` on the destination's
    /// table holds this object's primary key.
    case toManyThroughForeignKey(destination: String, destinationForeignKeyColumn: String)
    /// Many-to-many (or to-many without a to-one inverse): a join table of
    /// (`sourceColumn` = this object's key, `destinationColumn` = the destination's key).
    case toManyThroughJoinTable(destination: String, table: String, sourceColumn: String, destinationColumn: String)
}
