import CSQLite
import Foundation
import ObjectGraph

// objectgraph/batch-delete-100k and objectgraph/batch-update-100k: a batch request over 100,000
// objects beside one raw SQLite statement doing the same to the same rows, each on its own copy
// of one store file, in the same run.

private let batchModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription("Item", attributes: [
        AttributeDescription("name", .string, isOptional: false),
        AttributeDescription("count", .integer64),
    ]),
])

private enum BatchRequestBenchmarkError: Error {
    case setup(String)
}

/// Runs the batch delete row of the suite.
func runObjectGraphBatchDeleteBenchmark(reporter: BenchmarkReporter, directory: URL) throws {
    try runBatchRequestBenchmark(row: "batch-delete-100k", reporter: reporter, directory: directory,
                                 rawSQL: "DELETE FROM \"Item\" WHERE \"count\" >= 0") { context, predicate in
        try context.execute(BatchDeleteRequest(entityName: "Item", predicate: predicate)).count
    }
}

/// Runs the batch update row of the suite: the raw side sets the same column and bumps `Z_OPT`,
/// as the store does.
func runObjectGraphBatchUpdateBenchmark(reporter: BenchmarkReporter, directory: URL) throws {
    try runBatchRequestBenchmark(row: "batch-update-100k", reporter: reporter, directory: directory,
                                 rawSQL: "UPDATE \"Item\" SET \"name\" = 'renamed', \"Z_OPT\" = \"Z_OPT\" + 1 WHERE \"count\" >= 0") {
        context, predicate in
        try context.execute(BatchUpdateRequest(entityName: "Item", predicate: predicate,
                                               propertiesToUpdate: ["name": .string("renamed")])).count
    }
}

/// Seeds one store of 100,000 items, then times `request` (given a fresh context and the
/// predicate matching every item) against `rawSQL` in one transaction, alternating, each run on
/// its own copy of the seed; reports `row`.
private func runBatchRequestBenchmark(row: String, reporter: BenchmarkReporter, directory: URL, rawSQL: String,
                                      request: @escaping (ManagedObjectContext, FetchPredicate) throws -> Int) throws {
    guard let model = batchModel else { throw BatchRequestBenchmarkError.setup("the batch model does not build") }
    let objectCount = 100_000
    let seed = directory.appendingPathComponent("\(row)-seed.sqlite")
    do {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: seed)
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<objectCount {
            let item = try context.insertObject(entityName: "Item")
            item["name"] = "item number \(index)"
            item["count"] = Int64(index)
        }
        try context.save()
    }   // closing the last connection checkpoints a log this long into the file
    var copies = 0
    func copy() throws -> URL {
        copies += 1
        let url = directory.appendingPathComponent("\(row)-\(copies).sqlite")
        try FileManager.default.copyItem(at: seed, to: url)
        return url
    }
    let predicate = try FetchPredicate(format: "count >= 0")
    var changed = 0, rawChanged: Int32 = 0
    let (graph, raw) = try BenchmarkReporter.alternatingMedians(
        runs: objectGraphRuns(5),
        value: (prepare: { () -> ManagedObjectContext in
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(type: .sqlite, at: try copy())
            return ManagedObjectContext(coordinator: coordinator)
        }, body: { context in changed = try request(context, predicate) }),
        baseline: (prepare: { try RawBatchStatement(url: try copy()) },
                   body: { database in rawChanged = try database.run(rawSQL) }))
    guard changed == objectCount, rawChanged == objectCount else {
        throw BatchRequestBenchmarkError.setup("\(row): \(changed) objects and \(rawChanged) raw rows, not \(objectCount)")
    }
    reporter.report(row, value: graph, baseline: raw, target: 1.5)
}

/// The baseline: one statement over the same rows in a transaction, with the store's pragmas.
private final class RawBatchStatement {
    private let handle: OpaquePointer

    init(url: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let connection else {
            throw BatchRequestBenchmarkError.setup("cannot open \(url.path)")
        }
        handle = connection
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw BatchRequestBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Runs `sql` in one write transaction; returns how many rows it changed.
    func run(_ sql: String) throws -> Int32 {
        try execute("BEGIN IMMEDIATE; " + sql)
        let count = sqlite3_changes(handle)
        try execute("COMMIT")
        return count
    }
}
