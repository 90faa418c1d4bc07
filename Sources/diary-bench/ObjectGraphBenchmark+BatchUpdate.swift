import CSQLite
import Foundation
import ObjectGraph

// objectgraph/batch-update-100k: a BatchUpdateRequest of 100,000 objects beside a raw SQLite
// `UPDATE` of the same rows (setting the same column and bumping `Z_OPT`, as the store does), each on its own copy of one store file, in the same run.

private let updateModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription("Item", attributes: [
        AttributeDescription("name", .string, isOptional: false),
        AttributeDescription("count", .integer64),
    ]),
])

private enum BatchUpdateBenchmarkError: Error {
    case setup(String)
}

/// Runs the batch update row of the suite.
func runObjectGraphBatchUpdateBenchmark(reporter: BenchmarkReporter, directory: URL) throws {
    guard let model = updateModel else { throw BatchUpdateBenchmarkError.setup("the batch update model does not build") }
    let objectCount = 100_000
    let seed = directory.appendingPathComponent("update-seed.sqlite")
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
        let url = directory.appendingPathComponent("update-\(copies).sqlite")
        try FileManager.default.copyItem(at: seed, to: url)
        return url
    }
    let predicate = try FetchPredicate(format: "count >= 0")
    var updated = 0, rawUpdated: Int32 = 0
    let (graph, raw) = try BenchmarkReporter.alternatingMedians(
        runs: objectGraphRuns(5),
        value: (prepare: { () -> ManagedObjectContext in
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(type: .sqlite, at: try copy())
            return ManagedObjectContext(coordinator: coordinator)
        }, body: { context in
            updated = try context.execute(BatchUpdateRequest(entityName: "Item", predicate: predicate,
                                                              propertiesToUpdate: ["name": .string("renamed")])).count
        }),
        baseline: (prepare: { try RawUpdate(url: try copy()) }, body: { database in rawUpdated = try database.updateAll() }))
    guard updated == objectCount, rawUpdated == objectCount else {
        throw BatchUpdateBenchmarkError.setup("updated \(updated) objects and \(rawUpdated) raw rows, not \(objectCount)")
    }
    reporter.report("batch-update-100k", value: graph, baseline: raw, target: 1.5)
}

/// The baseline: one `UPDATE` of the same rows in a transaction, with the store's pragmas.
private final class RawUpdate {
    private let handle: OpaquePointer

    init(url: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let connection else {
            throw BatchUpdateBenchmarkError.setup("cannot open \(url.path)")
        }
        handle = connection
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw BatchUpdateBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Renames every row; returns how many.
    func updateAll() throws -> Int32 {
        try execute("BEGIN IMMEDIATE; UPDATE \"Item\" SET \"name\" = 'renamed', \"Z_OPT\" = \"Z_OPT\" + 1 WHERE \"count\" >= 0")
        let count = sqlite3_changes(handle)
        try execute("COMMIT")
        return count
    }
}
