import CSQLite
import Foundation
import ObjectGraph

// objectgraph/batch-delete-100k: a BatchDeleteRequest of 100,000 objects beside a raw SQLite
// `DELETE` of the same rows, each on its own copy of one store file, in the same run.

private let batchModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription("Item", attributes: [
        AttributeDescription("name", .string, isOptional: false),
        AttributeDescription("count", .integer64),
    ]),
])

private enum BatchDeleteBenchmarkError: Error {
    case setup(String)
}

/// Runs the batch delete row of the suite.
func runObjectGraphBatchDeleteBenchmark(reporter: BenchmarkReporter, directory: URL) throws {
    guard let model = batchModel else { throw BatchDeleteBenchmarkError.setup("the batch delete model does not build") }
    let objectCount = 100_000
    let seed = directory.appendingPathComponent("batch-seed.sqlite")
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
    }   // closing the last connection checkpoints the WAL into the file
    var copies = 0
    func copy() throws -> URL {
        copies += 1
        let url = directory.appendingPathComponent("batch-\(copies).sqlite")
        try FileManager.default.copyItem(at: seed, to: url)
        return url
    }
    let predicate = try FetchPredicate(format: "count >= 0")
    var deleted = 0, rawDeleted: Int32 = 0
    let (graph, raw) = try BenchmarkReporter.alternatingMedians(
        runs: objectGraphRuns(5),
        value: (prepare: { () -> ManagedObjectContext in
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(type: .sqlite, at: try copy())
            return ManagedObjectContext(coordinator: coordinator)
        }, body: { context in
            deleted = try context.execute(BatchDeleteRequest(entityName: "Item", predicate: predicate)).count
        }),
        baseline: (prepare: { try RawDeletion(url: try copy()) }, body: { database in rawDeleted = try database.deleteAll() }))
    guard deleted == objectCount, rawDeleted == objectCount else {
        throw BatchDeleteBenchmarkError.setup("deleted \(deleted) objects and \(rawDeleted) raw rows, not \(objectCount)")
    }
    reporter.report("batch-delete-100k", value: graph, baseline: raw, target: 1.5)
}

/// The baseline: one `DELETE` of the same rows in a transaction, with the store's pragmas.
private final class RawDeletion {
    private let handle: OpaquePointer

    init(url: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let connection else {
            throw BatchDeleteBenchmarkError.setup("cannot open \(url.path)")
        }
        handle = connection
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw BatchDeleteBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Deletes every row; returns how many.
    func deleteAll() throws -> Int32 {
        try execute("BEGIN IMMEDIATE; DELETE FROM \"Item\" WHERE \"count\" >= 0")
        let count = sqlite3_changes(handle)
        try execute("COMMIT")
        return count
    }
}
