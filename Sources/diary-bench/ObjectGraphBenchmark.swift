import CSQLite
import Foundation
import ObjectGraph

// The ObjectGraph suite: inserting and fetching 100,000 objects of five attributes,
// each beside raw SQLite prepared statements doing the same work in the same run.

private let objectCount = 100_000
private let runs = objectGraphRuns(5)
/// A fetch takes a twentieth of an insert's time, so it can afford more runs for a steadier median.
private let fetchRuns = objectGraphRuns(11)

/// `standard`, or the count in `DIARY_BENCH_RUNS` (1 for a profile under callgrind).
func objectGraphRuns(_ standard: Int) -> Int {
    ProcessInfo.processInfo.environment["DIARY_BENCH_RUNS"].flatMap { Int($0) }.map { max(1, $0) } ?? standard
}

private let benchmarkModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Item",
        attributes: [
            AttributeDescription("name", .string, isOptional: false),
            AttributeDescription("count", .integer64),
            AttributeDescription("score", .double),
            AttributeDescription("created", .date),
            AttributeDescription("flag", .boolean)
        ])
])

/// The benchmark's entity as a typed class: the same five attributes, declared once.
private final class TypedItem: ManagedObject {
    @Attribute var name: String
    @Attribute var count: Int64?
    @Attribute var score: Double?
    @Attribute var created: Date?
    @Attribute var flag: Bool?
}

private let typedBenchmarkModel: ManagedObjectModel? = try? ManagedObjectModel(types: [TypedItem.self])

/// Whether the row `name` runs: all rows, or with `DIARY_BENCH_ROWS=fetch-100k-typed,batch`
/// in the environment only those whose names start with one of the listed prefixes (for
/// profiling one row under callgrind or perf).
func objectGraphRowSelected(_ name: String) -> Bool {
    guard let list = ProcessInfo.processInfo.environment["DIARY_BENCH_ROWS"], !list.isEmpty else { return true }
    return list.split(separator: ",").contains { name.hasPrefix($0) }
}

/// Runs the suite and prints its results.
func runObjectGraphBenchmarks(json: Bool) {
    let reporter = BenchmarkReporter(suite: "objectgraph", json: json)
    do {
        guard let model = benchmarkModel else { throw BenchmarkError.setup("the benchmark model does not build") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var counter = 0
        func freshURL() -> URL {
            counter += 1
            return directory.appendingPathComponent("bench-\(counter).sqlite")
        }

        if objectGraphRowSelected("insert-100k-save") {
            let rawInsert = try BenchmarkReporter.median(runs: runs, prepare: { try RawDatabase(url: freshURL()) }) {
                database in
                try database.insertAll()
            }
            let graphInsert = try BenchmarkReporter.median(
                runs: runs,
                prepare: { () -> ManagedObjectContext in
                    let coordinator = PersistentStoreCoordinator(model: model)
                    try coordinator.addPersistentStore(type: .sqlite, at: freshURL())
                    return ManagedObjectContext(coordinator: coordinator)
                }
            ) { context in
                try insertAll(into: context)
            }
            reporter.report("insert-100k-save", value: graphInsert, baseline: rawInsert)
        }

        let rawURL = freshURL()
        try RawDatabase(url: rawURL).insertAll()
        var rawChecksum = 0.0, graphChecksum = 0.0
        if objectGraphRowSelected("fetch-100k-read") {
            let graphURL = freshURL()
            do {
                let coordinator = PersistentStoreCoordinator(model: model)
                try coordinator.addPersistentStore(type: .sqlite, at: graphURL)
                try insertAll(into: ManagedObjectContext(coordinator: coordinator))
            }
            let (graphFetch, rawFetch) = try BenchmarkReporter.alternatingMedians(
                runs: fetchRuns,
                value: (
                    prepare: { () -> ManagedObjectContext in
                        let coordinator = PersistentStoreCoordinator(model: model)
                        try coordinator.addPersistentStore(type: .sqlite, at: graphURL)
                        return ManagedObjectContext(coordinator: coordinator)
                    }, body: { context in graphChecksum = try readAll(from: context) }
                ),
                baseline: (
                    prepare: { try RawDatabase(url: rawURL) },
                    body: { database in rawChecksum = try database.readAll() }
                ))
            guard rawChecksum == graphChecksum else {
                throw BenchmarkError.setup(
                    "raw and ObjectGraph fetches read different values (\(rawChecksum) vs \(graphChecksum))")
            }
            reporter.report("fetch-100k-read", value: graphFetch, baseline: rawFetch)
        }
        if objectGraphRowSelected("insert-100k-save-history") {
            try runObjectGraphHistoryBenchmark(
                reporter: reporter, model: model, runs: runs, freshURL: freshURL,
                insertAll: insertAll(into:))
        }

        // The same fetch through a typed class's properties (`item.name`, not `item["name"]`).
        if objectGraphRowSelected("fetch-100k-typed") {
            guard let typedModel = typedBenchmarkModel else {
                throw BenchmarkError.setup("the typed benchmark model does not build")
            }
            let typedURL = freshURL()
            do {
                let coordinator = PersistentStoreCoordinator(model: typedModel)
                try coordinator.addPersistentStore(type: .sqlite, at: typedURL)
                try insertAllTyped(into: ManagedObjectContext(coordinator: coordinator))
            }
            var typedChecksum = 0.0
            let (typedFetch, rawTypedFetch) = try BenchmarkReporter.alternatingMedians(
                runs: fetchRuns,
                value: (
                    prepare: { () -> ManagedObjectContext in
                        let coordinator = PersistentStoreCoordinator(model: typedModel)
                        try coordinator.addPersistentStore(type: .sqlite, at: typedURL)
                        return ManagedObjectContext(coordinator: coordinator)
                    }, body: { context in typedChecksum = try readAllTyped(from: context) }
                ),
                baseline: (
                    prepare: { try RawDatabase(url: rawURL) },
                    body: { database in rawChecksum = try database.readAll() }
                ))
            guard rawChecksum == typedChecksum else {
                throw BenchmarkError.setup(
                    "raw and typed fetches read different values (\(rawChecksum) vs \(typedChecksum))")
            }
            reporter.report("fetch-100k-typed", value: typedFetch, baseline: rawTypedFetch)
        }

        if objectGraphRowSelected("fetch-indexed") || objectGraphRowSelected("prefetch") {
            try runObjectGraphQueryBenchmarks(reporter: reporter, directory: directory)
        }
        if objectGraphRowSelected("batch-delete-100k") {
            try runObjectGraphBatchDeleteBenchmark(reporter: reporter, directory: directory)
        }
        if objectGraphRowSelected("batch-update-100k") {
            try runObjectGraphBatchUpdateBenchmark(reporter: reporter, directory: directory)
        }
    } catch {
        FileHandle.standardError.write(Data("objectgraph benchmark failed: \(error)\n".utf8))
        exit(1)
    }
}

private enum BenchmarkError: Error {
    case setup(String)
}

/// The values of object `index`, the same for both sides.
private func values(_ index: Int) -> (String, Int64, Double, Date, Bool) {
    (
        "item number \(index)", Int64(index), Double(index) * 0.5,
        Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
        index % 2 == 0
    )
}

private func insertAll(into context: ManagedObjectContext) throws {
    for index in 0..<objectCount {
        let (name, count, score, created, flag) = values(index)
        let item = try context.insertObject(entityName: "Item")
        item["name"] = name
        item["count"] = count
        item["score"] = score
        item["created"] = created
        item["flag"] = flag
    }
    try context.save()
}

private func readAll(from context: ManagedObjectContext) throws -> Double {
    var checksum = 0.0
    for item in try context.fetch(FetchRequest(entityName: "Item")) {
        let name = item["name", as: String.self] ?? ""
        let count = item["count", as: Int64.self] ?? 0
        let score = item["score", as: Double.self] ?? 0
        let created = item["created", as: Date.self] ?? .distantPast
        let flag = item["flag", as: Bool.self] ?? false
        checksum += Double(name.utf8.count) + Double(count) + score + created.timeIntervalSince1970 + (flag ? 1 : 0)
    }
    return checksum
}

private func insertAllTyped(into context: ManagedObjectContext) throws {
    for index in 0..<objectCount {
        let (name, count, score, created, flag) = values(index)
        let item = try context.insert(TypedItem.self)
        item.name = name
        item.count = count
        item.score = score
        item.created = created
        item.flag = flag
    }
    try context.save()
}

private func readAllTyped(from context: ManagedObjectContext) throws -> Double {
    var checksum = 0.0
    for item in try context.fetch(FetchRequest(TypedItem.self)) {
        let name = item.name
        let count = item.count ?? 0
        let score = item.score ?? 0
        let created = item.created ?? .distantPast
        let flag = item.flag ?? false
        checksum += Double(name.utf8.count) + Double(count) + score + created.timeIntervalSince1970 + (flag ? 1 : 0)
    }
    return checksum
}

/// The baseline: the same rows through raw SQLite prepared statements, with the store's pragmas.
private final class RawDatabase {
    private let handle: OpaquePointer

    init(url: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let connection
        else { throw BenchmarkError.setup("cannot open \(url.path)") }
        handle = connection
        try execute(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
                + "CREATE TABLE IF NOT EXISTS Item (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL,"
                + " name TEXT, count INTEGER, score REAL, created REAL, flag INTEGER)")
    }

    deinit { sqlite3_close_v2(handle) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
        return statement
    }

    func insertAll() throws {
        try execute("BEGIN IMMEDIATE")
        let statement = try prepare(
            "INSERT INTO Item (Z_PK, Z_ENT, Z_OPT, name, count, score, created, flag) VALUES (?, 1, 1, ?, ?, ?, ?, ?)")
        defer { sqlite3_finalize(statement) }
        for index in 0..<objectCount {
            let (name, count, score, created, flag) = values(index)
            sqlite3_bind_int64(statement, 1, Int64(index + 1))
            _ = name.withCString { sqlite3_bind_text(statement, 2, $0, -1, csqlite_transient()) }
            sqlite3_bind_int64(statement, 3, count)
            sqlite3_bind_double(statement, 4, score)
            sqlite3_bind_double(statement, 5, created.timeIntervalSince1970)
            sqlite3_bind_int64(statement, 6, flag ? 1 : 0)
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw BenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
            }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }

    func readAll() throws -> Double {
        let statement = try prepare("SELECT name, count, score, created, flag FROM Item")
        defer { sqlite3_finalize(statement) }
        var checksum = 0.0
        while sqlite3_step(statement) == SQLITE_ROW {
            let name = sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
            let count = sqlite3_column_int64(statement, 1)
            let score = sqlite3_column_double(statement, 2)
            let created = Date(timeIntervalSince1970: sqlite3_column_double(statement, 3))
            let flag = sqlite3_column_int64(statement, 4) != 0
            checksum += Double(name.utf8.count) + Double(count) + score + created.timeIntervalSince1970 + (flag ? 1 : 0)
        }
        return checksum
    }
}
