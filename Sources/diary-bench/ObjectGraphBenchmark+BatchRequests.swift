import CSQLite
import Foundation
import ObjectGraph

// objectgraph/batch-delete-100k and objectgraph/batch-update-100k: a batch request over 100,000
// objects beside one raw SQLite statement doing the same to the same rows, each on its own copy
// of one store file, in the same run.

private let batchModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Item",
        attributes: [
            AttributeDescription("name", .string, isOptional: false),
            AttributeDescription("count", .integer64)
        ])
])

/// Runs the batch delete row of the suite.
func runObjectGraphBatchDeleteBenchmark(reporter: BenchmarkReporter, directory: URL) throws {
    try runBatchRequestBenchmark(
        row: "batch-delete-100k", reporter: reporter, directory: directory,
        rawSQL: "DELETE FROM \"Item\" WHERE \"count\" >= 0"
    ) { context, predicate in
        try context.execute(BatchDeleteRequest(entityName: "Item", predicate: predicate)).count
    }
}

/// Runs the batch update row of the suite: the raw side sets the same column and bumps `Z_OPT`,
/// as the store does.
func runObjectGraphBatchUpdateBenchmark(reporter: BenchmarkReporter, directory: URL) throws {
    try runBatchRequestBenchmark(
        row: "batch-update-100k", reporter: reporter, directory: directory,
        rawSQL: "UPDATE \"Item\" SET \"name\" = 'renamed', \"Z_OPT\" = \"Z_OPT\" + 1 WHERE \"count\" >= 0"
    ) {
        context, predicate in
        try context.execute(
            BatchUpdateRequest(
                entityName: "Item", predicate: predicate,
                propertiesToUpdate: ["name": .string("renamed")])
        ).count
    }
}

/// Seeds one store of 100,000 items, then times `request` (given a fresh context and the
/// predicate matching every item) against `rawSQL` in one transaction, alternating, each run on
/// its own copy of the seed; reports `row`.
private func runBatchRequestBenchmark(
    row: String, reporter: BenchmarkReporter, directory: URL, rawSQL: String,
    request: @escaping (ManagedObjectContext, FetchPredicate) throws -> Int
) throws {
    guard let model = batchModel else { throw BenchmarkFailure("the batch model does not build") }
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
    }  // closing the last connection checkpoints a log this long into the file
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
        value: (
            prepare: { () -> ManagedObjectContext in
                let coordinator = PersistentStoreCoordinator(model: model)
                try coordinator.addPersistentStore(type: .sqlite, at: try copy())
                return ManagedObjectContext(coordinator: coordinator)
            }, body: { context in changed = try request(context, predicate) }
        ),
        baseline: (
            prepare: { () -> RawSQLite in
                // One statement over the same rows in a transaction, with the store's pragmas.
                let database = try RawSQLite(try copy())
                try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
                return database
            },
            body: { database in
                try database.execute("BEGIN IMMEDIATE; " + rawSQL)
                rawChanged = sqlite3_changes(database.handle)
                try database.execute("COMMIT")
            }
        ))
    guard changed == objectCount, rawChanged == objectCount else {
        throw BenchmarkFailure("\(row): \(changed) objects and \(rawChanged) raw rows, not \(objectCount)")
    }
    reporter.report(row, value: graph, baseline: raw)
}
