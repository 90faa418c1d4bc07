internal import CSQLite
import Foundation

/// Reads the rows under a statement's cursor (columns as in the table's select list). It keeps
/// what it looked up for the last row's entity, so a run of rows of one entity (the usual case)
/// costs no lookups per row, only the column reads.
struct SQLiteRowDecoder {
    private let store: SQLiteStore
    /// Whether binary attribute values stay in the store (``StoredValue/deferred``).
    private let defersBinaryValues: Bool
    /// The entity of every row when the table holds one (its select list has no entity column).
    private let onlyEntityNumber: Int64?
    /// Where the select list has the row version.
    private let versionPosition: Int32
    private var entityNumber: Int64 = 0
    /// The last row's entity and layout, unretained: the store's model and schema (both `let`)
    /// hold them for as long as the decoder holds the store.
    private var entityReference: Unmanaged<EntityDescription>?
    private var layoutReference: Unmanaged<SQLiteSchema.EntityLayout>?
    private var types: [AttributeType] = []
    private var hasExternalBlobs = false
    /// A permanent ID of the current entity in this store; each row's ID is it with the row's key.
    private var prototypeID: ObjectID?

    /// A decoder of rows selected with `table`'s select list.
    init(store: SQLiteStore, table: SQLiteSchema.Table, defersBinaryValues: Bool = false) {
        self.store = store
        onlyEntityNumber = table.onlyEntityNumber
        versionPosition = table.versionPosition
        self.defersBinaryValues = defersBinaryValues
    }

    /// The row under the cursor, or nil when its entity is not in the model.
    mutating func row(_ statement: SQLiteStatement, connection: SQLiteConnection) throws -> StoreRow? {
        var row: StoreRow?
        try decode(statement, connection: connection) { row = $0 }
        return row
    }

    /// Hands the row under the cursor to `visit`, unless its entity is not in the model.
    /// (A callback rather than an optional result: a fetch of 100,000 rows then moves each
    /// row into the visitor instead of wrapping and unwrapping it.)
    mutating func decode(
        _ statement: SQLiteStatement, connection: SQLiteConnection,
        into visit: (inout StoreRow) throws -> Void
    ) throws {
        let number = onlyEntityNumber ?? statement.int64(1)
        if number != entityNumber || entityReference == nil {
            guard let entity = store.model.entity(number: number), let layout = store.schema.layout(of: entity) else {
                return
            }
            entityNumber = number
            entityReference = Unmanaged.passUnretained(entity)
            layoutReference = Unmanaged.passUnretained(layout)
            types = entity.attributeTypes
            hasExternalBlobs = layout.blobHashPositions.contains { $0 >= 0 }
            prototypeID = .permanent(entityName: entity.name, storeIdentifier: store.identifier, primaryKey: 0)
        }
        guard let entityReference, let layoutReference, let prototypeID else { return }
        // Borrowed, not copied, so a row's work retains neither: the decoder holds the store,
        // whose `let` model and schema hold both.
        try entityReference._withUnsafeGuaranteedRef { entity in
            try layoutReference._withUnsafeGuaranteedRef { layout in
                try decode(
                    statement, connection: connection, entity: entity, layout: layout, prototypeID: prototypeID,
                    into: visit)
            }
        }
    }

    /// The row under the cursor, read with the looked-up `entity` and `layout`.
    private func decode(
        _ statement: SQLiteStatement, connection: SQLiteConnection, entity: EntityDescription,
        layout: SQLiteSchema.EntityLayout, prototypeID: ObjectID,
        into visit: (inout StoreRow) throws -> Void
    ) throws {
        // Reserved, then appended to: `Array(unsafeUninitializedCapacity:)` looks up the array
        // storage's generic metadata on every row here (measured 5 % slower over 100,000 rows).
        // bench: objectgraph/fetch-100k-read
        var values: [StoredValue] = []
        values.reserveCapacity(types.count)
        if defersBinaryValues {
            for index in types.indices {
                values.append(
                    types[index] == .binary
                        ? deferredValue(at: index, statement, layout: layout)
                        : value(at: index, statement, layout: layout))
            }
        } else {
            // The usual loop stays free of the deferral test (measurably so for 100,000 rows).
            for index in types.indices { values.append(value(at: index, statement, layout: layout)) }
        }
        var toOne: [ObjectID?] = []
        if !entity.allRelationships.isEmpty {
            toOne = try entity.allRelationships.indices.map { index in
                let position = layout.toOnePositions[index]
                guard position >= 0, !statement.isNull(position) else { return nil }
                return try store.destinationID(
                    key: statement.int64(position), relationship: entity.allRelationships[index],
                    connection: connection)
            }
        }
        // Consumed, not copied: a copy retains the values array once more and releases it after
        // the visitor, two atomic operations per row (measured ~4 % of the typed fetch).
        // bench: objectgraph/fetch-100k-typed
        var row = StoreRow(
            entity: entity, objectID: prototypeID.withPrimaryKey(statement.int64(0)),
            version: statement.int64(versionPosition), attributes: consume values, toOne: consume toOne)
        try visit(&row)
    }

    /// Attribute `index` of the row: an external blob's reference when the row holds one,
    /// otherwise the column's value (`.null` for an attribute the table does not store).
    @inline(__always)
    private func value(at index: Int, _ statement: SQLiteStatement, layout: SQLiteSchema.EntityLayout) -> StoredValue {
        if hasExternalBlobs {
            let hashPosition = layout.blobHashPositions[index]
            if hashPosition >= 0 && !statement.isNull(hashPosition) {
                return .blob(
                    BlobReference(sha256: statement.text(hashPosition), byteCount: statement.int64(hashPosition + 1)))
            }
        }
        let position = layout.attributePositions[index]
        return position < 0 ? .null : statement.value(position, type: types[index])
    }

    /// Binary attribute `index` of the row for a decoder that defers binary values: an external
    /// blob's reference as usual, `.deferred` for bytes kept in the row, `.null` for none.
    private func deferredValue(
        at index: Int, _ statement: SQLiteStatement, layout: SQLiteSchema.EntityLayout
    ) -> StoredValue {
        if hasExternalBlobs {
            let hashPosition = layout.blobHashPositions[index]
            if hashPosition >= 0 && !statement.isNull(hashPosition) {
                return value(at: index, statement, layout: layout)
            }
        }
        let position = layout.attributePositions[index]
        return position < 0 || statement.isNull(position) ? .null : .deferred
    }
}
