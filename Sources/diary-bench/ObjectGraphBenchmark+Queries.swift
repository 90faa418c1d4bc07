import CSQLite
import Foundation
import ObjectGraph

// The ObjectGraph query benchmarks: a fetch with a predicate on an indexed date range over
// 100,000 objects beside the same query through raw SQLite, and prefetching a to-many
// relationship for 10,000 objects, with the SQL statements it runs counted.

private let rangeObjectCount = 100_000
private let rangeStart = 1_700_000_000.0
/// One object per second: the range selects 10,000 of the 100,000.
private let rangeLow = rangeStart + 40_000, rangeHigh = rangeStart + 49_999
private let queryRuns = 11

private let queryModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Event",
        attributes: [
            AttributeDescription("name", .string),
            AttributeDescription("count", .integer64),
            AttributeDescription("created", .date, isIndexed: true)
        ]),
    EntityDescription(
        "Owner", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription("parts", destination: "Part", inverse: "owner", isToMany: true)
        ]),
    EntityDescription(
        "Part", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription("owner", destination: "Owner", inverse: "parts")
        ])
])

/// Runs the query benchmarks into `reporter`, with stores in `directory`.
func runObjectGraphQueryBenchmarks(reporter: BenchmarkReporter, directory: URL) throws {
    guard let model = queryModel else { throw QueryBenchmarkError.setup("the query benchmark model does not build") }
    func open(_ url: URL) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: url)
        return ManagedObjectContext(coordinator: coordinator)
    }

    // Indexed date range.
    let graphURL = directory.appendingPathComponent("range-graph.sqlite")
    let context = try open(graphURL)
    for index in 0..<rangeObjectCount {
        let event = try context.insertObject(entityName: "Event")
        event["name"] = "event \(index)"
        event["count"] = Int64(index)
        event["created"] = Date(timeIntervalSince1970: rangeStart + Double(index))
    }
    try context.save()
    let rawURL = directory.appendingPathComponent("range-raw.sqlite")
    try RawRangeTable.create(at: rawURL)

    var rawChecksum = 0.0, graphChecksum = 0.0
    let predicate = try FetchPredicate(
        format: "created BETWEEN {%@, %@}", Date(timeIntervalSince1970: rangeLow),
        Date(timeIntervalSince1970: rangeHigh))
    let (graph, raw) = try BenchmarkReporter.alternatingMedians(
        runs: queryRuns,
        value: (
            prepare: { try open(graphURL) },
            body: { context in
                var checksum = 0.0
                for event in try context.fetch(FetchRequest(entityName: "Event", predicate: predicate)) {
                    checksum +=
                        Double((event["name", as: String.self] ?? "").utf8.count)
                        + Double(event["count", as: Int64.self] ?? 0)
                        + (event["created", as: Date.self]?.timeIntervalSince1970 ?? 0)
                }
                graphChecksum = checksum
            }
        ),
        baseline: (prepare: { try RawRangeTable(url: rawURL) }, body: { table in rawChecksum = try table.readRange() }))
    guard rawChecksum == graphChecksum, rawChecksum > 0 else {
        throw QueryBenchmarkError.setup(
            "raw and ObjectGraph range fetches read different values (\(rawChecksum) vs \(graphChecksum))")
    }
    reporter.report("fetch-indexed-date-range-10k-of-100k", value: graph, baseline: raw)

    // Prefetching a to-many relationship: the same work with and without it.
    let ownersURL = directory.appendingPathComponent("owners.sqlite")
    let owners = try open(ownersURL)
    for index in 0..<10_000 {
        let owner = try owners.insertObject(entityName: "Owner")
        owner["name"] = "owner \(index)"
        for part in 0..<3 {
            let child = try owners.insertObject(entityName: "Part")
            child["name"] = "part \(part)"
            owner.add(child, to: "parts")
        }
    }
    try owners.save()
    func touchParts(limit: Int, prefetching: Bool) throws -> (parts: Int, statements: Int) {
        let context = try open(ownersURL)
        var request = FetchRequest(entityName: "Owner")
        request.fetchLimit = limit
        if prefetching { request.relationshipKeyPathsForPrefetching = ["parts"] }
        let (parts, statements) = try context.persistentStoreCoordinator.countingStatements {
            try context.fetch(request).reduce(0) { total, owner in
                total + owner.objects(forKey: "parts").reduce(0) { $0 + ($1["name", as: String.self]?.utf8.count ?? 0) }
            }
        }
        return (parts, statements)
    }
    let small = try touchParts(limit: 1_000, prefetching: true)
    let large = try touchParts(limit: 10_000, prefetching: true)
    let unprefetched = try touchParts(limit: 10_000, prefetching: false)
    guard large.parts == unprefetched.parts else {
        throw QueryBenchmarkError.setup("prefetching read other parts (\(large.parts) vs \(unprefetched.parts))")
    }
    reporter.note(
        "objectgraph prefetch-to-many: \(small.statements) statements for 1,000 owners, \(large.statements) for 10,000"
            + " (\(unprefetched.statements) without prefetching)")
    reporter.report(
        "prefetch-to-many-10k-statements", value: Double(large.statements), baseline: Double(unprefetched.statements),
        unit: "statements")
    let prefetched = try BenchmarkReporter.median(runs: queryRuns, prepare: {}) {
        _ = try touchParts(limit: 10_000, prefetching: true)
    }
    let faulted = try BenchmarkReporter.median(runs: queryRuns, prepare: {}) {
        _ = try touchParts(limit: 10_000, prefetching: false)
    }
    reporter.report("prefetch-to-many-10k-time", value: prefetched, baseline: faulted)
}

private enum QueryBenchmarkError: Error {
    case setup(String)
}

/// The baseline: the same rows and index through raw SQLite.
private final class RawRangeTable {
    private let handle: OpaquePointer

    /// Writes the table of `rangeObjectCount` events, with the index on `created`.
    static func create(at url: URL) throws {
        let table = try RawRangeTable(url: url)
        try table.execute(
            "CREATE TABLE Event (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL,"
                + " name TEXT, count INTEGER, created REAL); CREATE INDEX Event_created ON Event(created); BEGIN IMMEDIATE"
        )
        let insert = try table.prepare("INSERT INTO Event VALUES (?, 1, 1, ?, ?, ?)")
        defer { sqlite3_finalize(insert) }
        for index in 0..<rangeObjectCount {
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            _ = "event \(index)".withCString { sqlite3_bind_text(insert, 2, $0, -1, csqlite_transient()) }
            sqlite3_bind_int64(insert, 3, Int64(index))
            sqlite3_bind_double(insert, 4, rangeStart + Double(index))
            guard sqlite3_step(insert) == SQLITE_DONE else {
                throw QueryBenchmarkError.setup(String(cString: sqlite3_errmsg(table.handle)))
            }
            sqlite3_reset(insert)
        }
        try table.execute("COMMIT")
    }

    init(url: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let connection
        else { throw QueryBenchmarkError.setup("cannot open \(url.path)") }
        handle = connection
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
    }

    deinit { sqlite3_close_v2(handle) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw QueryBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw QueryBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
        return statement
    }

    /// Reads every column of the events in the range, as the graph's rows are read.
    func readRange() throws -> Double {
        let statement = try prepare(
            "SELECT Z_PK, Z_ENT, Z_OPT, name, count, created FROM Event WHERE created BETWEEN ? AND ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_double(statement, 1, rangeLow)
        sqlite3_bind_double(statement, 2, rangeHigh)
        var checksum = 0.0
        while sqlite3_step(statement) == SQLITE_ROW {
            let name = sqlite3_column_text(statement, 3).map { String(cString: $0) } ?? ""
            let created = Date(timeIntervalSince1970: sqlite3_column_double(statement, 5))
            checksum +=
                Double(name.utf8.count) + Double(sqlite3_column_int64(statement, 4)) + created.timeIntervalSince1970
        }
        return checksum
    }
}
