internal import CSQLite
import Foundation

/// The persistent history of the SQLite store: two tables beside the model's, which migrations
/// leave in place (they rebuild only the model's tables) and bring up to date when entities or
/// properties are renamed.
///
/// `Z_HISTORY_TRANSACTION` holds one row per save (`Z_PK` from `AUTOINCREMENT`, so a number is
/// never given twice, even after pruning); `Z_HISTORY_CHANGE` one row per entity and kind of
/// change (and per set of changed keys for updates), the primary keys as runs (`1-100000`).
/// A save that inserts any number of objects of one entity so costs two short inserts, with
/// prepared statements, in the save's own transaction.
extension SQLiteStore {
    static let historyTransactionTable = "Z_HISTORY_TRANSACTION"
    static let historyChangeTable = "Z_HISTORY_CHANGE"

    private static let insertTransactionSQL =
        "INSERT INTO \"Z_HISTORY_TRANSACTION\" (\"timestamp\", \"author\", \"contextName\")"
        + " VALUES (?, ?, ?)"
    private static let insertChangeSQL =
        "INSERT INTO \"Z_HISTORY_CHANGE\" (\"transactionNumber\", \"kind\", \"entity\","
        + " \"changedKeys\", \"keys\", \"tombstones\") VALUES (?, ?, ?, ?, ?, ?)"

    /// Creates the history tables when they are missing (in a write transaction, for a store
    /// opened to record history).
    /// - Throws: ``SQLiteError``, ``StoreFailure/busy(path:waitedMilliseconds:)``.
    func createHistoryTablesIfMissing() throws {
        try withConnection { connection in
            guard try !Self.hasHistoryTables(connection) || !Self.hasTombstoneColumn(connection) else { return }
            try writeTransaction(connection) {
                // History recorded before tombstones gains their column; its records have none.
                if try Self.hasHistoryTables(connection) {
                    if try !Self.hasTombstoneColumn(connection) {
                        try connection.execute("ALTER TABLE \"Z_HISTORY_CHANGE\" ADD COLUMN \"tombstones\" TEXT")
                    }
                    return
                }
                try connection.execute(
                    "CREATE TABLE \"Z_HISTORY_TRANSACTION\" (\"Z_PK\" INTEGER PRIMARY KEY AUTOINCREMENT,"
                        + " \"timestamp\" REAL NOT NULL, \"author\" TEXT, \"contextName\" TEXT)")
                try connection.execute(
                    "CREATE TABLE \"Z_HISTORY_CHANGE\" (\"transactionNumber\" INTEGER NOT NULL"
                        + " REFERENCES \"Z_HISTORY_TRANSACTION\"(\"Z_PK\") ON DELETE CASCADE, \"kind\" INTEGER NOT NULL,"
                        + " \"entity\" TEXT NOT NULL, \"changedKeys\" TEXT, \"keys\" TEXT NOT NULL, \"tombstones\" TEXT)"
                )
                try connection.execute(
                    "CREATE INDEX \"Z_HISTORY_CHANGE_transactionNumber\" ON \"Z_HISTORY_CHANGE\"(\"transactionNumber\")"
                )
                try connection.execute(
                    "CREATE INDEX \"Z_HISTORY_TRANSACTION_timestamp\" ON \"Z_HISTORY_TRANSACTION\"(\"timestamp\")")
            }
        }
    }

    /// Runs `sql` once with `bindings` (a statement not kept in the cache: pruning and migration are rare).
    private static func run(_ connection: SQLiteConnection, _ sql: String, _ bindings: [StoredValue]) throws {
        let statement = try connection.statement(sql)
        defer { connection.forget(sql) }
        for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        try statement.run()
    }

    /// Whether the change table has the column of tombstones (history made before them has not).
    static func hasTombstoneColumn(_ connection: SQLiteConnection) throws -> Bool {
        try connection.scalar("SELECT count(*) FROM pragma_table_info('Z_HISTORY_CHANGE') WHERE name = 'tombstones'")
            == 1
    }

    static func hasHistoryTables(_ connection: SQLiteConnection) throws -> Bool {
        try connection.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_HISTORY_TRANSACTION'") == 1
    }

    /// Records one save in the history, inside the save's transaction (called with the keys the
    /// inserted rows were given, and the tombstones read from the deleted rows before they went).
    func recordHistory(
        of changes: StoreChanges, insertedKeys: [Int64],
        tombstones: [ObjectID: PersistentHistoryTombstone] = [:], connection: SQLiteConnection
    ) throws {
        let groups = HistoryRecord.groups(of: changes, insertedKeys: insertedKeys, tombstones: tombstones)
        guard !groups.isEmpty else { return }
        let transaction = try connection.statement(Self.insertTransactionSQL)
        transaction.reset()
        try transaction.bind(StoredValue.date(Date()), at: 1)
        try transaction.bind(changes.author, at: 2)
        try transaction.bind(changes.contextName, at: 3)
        try transaction.run()
        let number = sqlite3_last_insert_rowid(connection.handle)
        let change = try connection.statement(Self.insertChangeSQL)
        for group in groups {
            change.reset()
            try change.bind(number, at: 1)
            try change.bind(Int64(group.kind.rawValue), at: 2)
            try change.bind(group.entityName, at: 3)
            try change.bind(group.kind == .update ? group.changedKeys.joined(separator: ",") : nil, at: 4)
            try change.bind(group.keys, at: 5)
            try change.bind(
                try group.tombstones.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }, at: 6)
            try change.run()
        }
    }

    func historyRecords(after number: Int64?, since date: Date?) throws -> [HistoryRecord] {
        try withConnection { connection in
            guard try Self.hasHistoryTables(connection) else { return [] }
            let tombstones = try Self.hasTombstoneColumn(connection) ? "c.\"tombstones\"" : "NULL"
            let sql =
                "SELECT t.\"Z_PK\", t.\"timestamp\", t.\"author\", t.\"contextName\", c.\"kind\", c.\"entity\","
                + " c.\"changedKeys\", c.\"keys\", \(tombstones) FROM \"Z_HISTORY_TRANSACTION\" AS t"
                + " LEFT JOIN \"Z_HISTORY_CHANGE\" AS c ON c.\"transactionNumber\" = t.\"Z_PK\""
                + " WHERE t.\"Z_PK\" > ? AND t.\"timestamp\" > ? ORDER BY t.\"Z_PK\", c.rowid"
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            try statement.bind(number ?? 0, at: 1)
            try statement.bind(date.map { StoredValue.date($0) } ?? .double(-Double.greatestFiniteMagnitude), at: 2)
            var records: [HistoryRecord] = []
            while try statement.step() {
                let transactionNumber = statement.int64(0)
                if records.last?.number != transactionNumber {
                    guard case .date(let timestamp) = statement.value(1, type: .date) else { continue }
                    records.append(
                        HistoryRecord(
                            number: transactionNumber, timestamp: timestamp,
                            author: statement.isNull(2) ? nil : statement.text(2),
                            contextName: statement.isNull(3) ? nil : statement.text(3), groups: []))
                }
                guard !statement.isNull(4), let kind = PersistentHistoryChange.Kind(rawValue: Int(statement.int64(4)))
                else { continue }
                let changed = statement.isNull(6) ? [] : statement.text(6).split(separator: ",").map(String.init)
                // A tombstone list that does not decode (edited by hand) is left out, not fatal.
                let kept =
                    statement.isNull(8)
                    ? nil
                    : try? JSONDecoder().decode([HistoryTombstone].self, from: Data(statement.text(8).utf8))
                records[records.count - 1].groups.append(
                    HistoryRecord.Group(
                        kind: kind, entityName: statement.text(5), changedKeys: changed, keys: statement.text(7),
                        tombstones: kept))
            }
            return records
        }
    }

    func lastHistoryNumber() throws -> Int64? {
        try withConnection { connection in
            guard try Self.hasHistoryTables(connection) else { return nil }
            return try connection.scalar("SELECT max(\"Z_PK\") FROM \"Z_HISTORY_TRANSACTION\"")
        }
    }

    func historyBounds() throws -> (oldestKept: Int64?, lastRecorded: Int64?) {
        try withConnection { connection in
            guard try Self.hasHistoryTables(connection) else { return (nil, nil) }
            // AUTOINCREMENT keeps the largest number ever given in sqlite_sequence, pruned or not.
            return (
                try connection.scalar("SELECT min(\"Z_PK\") FROM \"Z_HISTORY_TRANSACTION\""),
                try connection.scalar("SELECT \"seq\" FROM sqlite_sequence WHERE \"name\" = 'Z_HISTORY_TRANSACTION'")
            )
        }
    }

    func deleteHistory(through number: Int64?, before date: Date?) throws -> Int {
        try withConnection { connection in
            guard try Self.hasHistoryTables(connection) else { return 0 }
            return try writeTransaction(connection) {
                var conditions: [String] = []
                var bindings: [StoredValue] = []
                if let number { conditions.append("\"Z_PK\" <= ?"); bindings.append(.integer(number)) }
                if let date { conditions.append("\"timestamp\" < ?"); bindings.append(.date(date)) }
                let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
                try Self.run(
                    connection,
                    "DELETE FROM \"Z_HISTORY_CHANGE\" WHERE \"transactionNumber\" IN"
                        + " (SELECT \"Z_PK\" FROM \"Z_HISTORY_TRANSACTION\"\(filter))", bindings)
                try Self.run(connection, "DELETE FROM \"Z_HISTORY_TRANSACTION\"\(filter)", bindings)
                return Int(connection.changes)
            }
        }
    }

    /// Brings the history up to a migration: changes recorded under an entity's old name get
    /// the new one, and the changed keys of updates their properties' new names, so every
    /// recorded ID names a row of the migrated store (rows keep their keys).
    static func migrateHistory(
        _ connection: SQLiteConnection, difference: ModelDifference, model: ManagedObjectModel
    ) throws {
        guard try hasHistoryTables(connection) else { return }
        let renamed = difference.entityMapping.filter { $0.key != $0.value }
        if !renamed.isEmpty {
            let cases = renamed.map { _ in "WHEN ? THEN ?" }.joined(separator: " ")
            var bindings: [StoredValue] = []
            for (new, old) in renamed { bindings += [.string(old), .string(new)] }
            bindings += renamed.values.map { .string($0) }
            try Self.run(
                connection,
                "UPDATE \"Z_HISTORY_CHANGE\" SET \"entity\" = CASE \"entity\" \(cases) END"
                    + " WHERE \"entity\" IN (\(renamed.map { _ in "?" }.joined(separator: ", ")))", bindings)
        }
        for entity in model.entities where difference.entityMapping[entity.name] != nil {
            var newNames: [String: String] = [:]
            for attribute in entity.allAttributes {
                if let old = difference.oldAttributeName(attribute.name, of: entity, in: model), old != attribute.name {
                    newNames[old] = attribute.name
                }
            }
            for relationship in entity.allRelationships {
                if let old = difference.oldRelationshipName(relationship.name, of: entity, in: model),
                    old != relationship.name
                {
                    newNames[old] = relationship.name
                }
            }
            guard !newNames.isEmpty else { continue }
            let select = try connection.statement(
                "SELECT DISTINCT \"changedKeys\" FROM \"Z_HISTORY_CHANGE\""
                    + " WHERE \"entity\" = ? AND \"changedKeys\" IS NOT NULL")
            try select.bind(entity.name, at: 1)
            var lists: [String] = []
            while try select.step() { lists.append(select.text(0)) }
            select.reset()
            for list in lists {
                let renamedList = list.split(separator: ",").map { newNames[String($0)] ?? String($0) }.sorted()
                    .joined(separator: ",")
                guard renamedList != list else { continue }
                try Self.run(
                    connection,
                    "UPDATE \"Z_HISTORY_CHANGE\" SET \"changedKeys\" = ? WHERE \"entity\" = ?"
                        + " AND \"changedKeys\" = ?", [.string(renamedList), .string(entity.name), .string(list)])
            }
        }
    }
}
