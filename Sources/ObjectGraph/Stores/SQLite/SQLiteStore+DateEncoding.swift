import Foundation

/// How date columns hold their values. Dates are REAL seconds since 2001-01-01 UTC, the
/// reference date `Date` itself counts from, so a value comes back bit for bit and still
/// compares and sorts as a number (indexed range queries stay as they were). Stores written
/// before kept seconds since 1970, which lost the lowest bit of about half of all values;
/// they are converted once when opened, and the conversion is recorded in the metadata.
extension SQLiteStore {
    /// The metadata entry naming the date encoding; absent in stores that keep seconds since 1970.
    static let dateEncodingKey = "dateEncoding"
    /// The value of ``dateEncodingKey`` for seconds since the reference date.
    static let dateEncodingSinceReferenceDate = "secondsSinceReferenceDate"

    /// Records in a new store's metadata that its dates are seconds since the reference date.
    static func recordDateEncoding(on connection: SQLiteConnection) throws {
        let insert = try connection.statement(
            "INSERT OR REPLACE INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?)")
        defer { insert.reset() }
        try insert.bind(dateEncodingKey, at: 1)
        try insert.bind(dateEncodingSinceReferenceDate, at: 2)
        try insert.run()
    }

    /// Converts every date column of a store that keeps seconds since 1970 to seconds since the
    /// reference date, in one transaction that also records it, before any model migration (whose
    /// new default values are written in the new encoding). Each value becomes exactly the `Date`
    /// the store read as before (`Date(timeIntervalSince1970:)` subtracts the same constant), so
    /// nothing it held changes. The columns are those of the model the store was written with.
    /// - Throws: what ``StoreMetadata/migration(to:path:)`` throws for a store that cannot be
    ///   opened with `model` (the store is then left as it was); ``SQLiteError``.
    static func convertDatesSince1970(
        _ connection: SQLiteConnection, url: URL, metadata: StoreMetadata,
        schema: SQLiteSchema, model: ManagedObjectModel
    ) throws {
        let storedModel = try metadata.migration(to: model, path: url.path)?.storedModel ?? model
        let storedSchema = storedModel === model ? schema : SQLiteSchema(model: storedModel)
        var columns: [(table: String, column: String)] = []
        var seen = Set<String>()
        for entity in storedModel.entities {
            guard let layout = storedSchema.layout(of: entity) else { continue }
            for (index, type) in entity.attributeTypes.enumerated()
            where type == .date && index < layout.attributeColumns.count {
                guard let column = layout.attributeColumns[index], seen.insert("\(layout.table).\(column)").inserted
                else { continue }
                columns.append((layout.table, column))
            }
        }
        try connection.transaction {
            // Another process may have converted the store since this one read its metadata.
            guard try storedValue(dateEncodingKey, connection) != dateEncodingSinceReferenceDate else { return }
            let offset = Date.timeIntervalBetween1970AndReferenceDate
            for (table, column) in columns {
                try connection.execute(
                    "UPDATE \(quote(table)) SET \(quote(column)) = \(quote(column)) - \(offset)"
                        + " WHERE typeof(\(quote(column))) IN ('real', 'integer')")
            }
            try recordDateEncoding(on: connection)
        }
    }
}
