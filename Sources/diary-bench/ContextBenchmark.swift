import CSQLite
import Foundation
import ObjectGraph

// The contexts suite: what undo recording and version-checked saves cost. 50,000 loaded
// objects get one attribute changed; recorded for undo beside not recorded, undone beside
// the edit itself, and saved (each row's version checked in the UPDATE) beside raw SQLite
// writing the same rows whole with prepared statements in one transaction.

private let contextObjectCount = 50_000
private let contextRuns = 5

private let contextModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Item",
        attributes: [
            AttributeDescription("name", .string, isOptional: false),
            AttributeDescription("count", .integer64),
            AttributeDescription("score", .double)
        ])
])

/// Runs the suite and prints its results.
/// - Throws: store errors while setting up or measuring.
func runContextBenchmarks(json: Bool) throws {
    guard let model = contextModel else { throw ContextBenchmarkError.setup("the benchmark model does not build") }
    let reporter = BenchmarkReporter(suite: "contexts", json: json)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "og-contexts-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("Items.sqlite")
    let coordinator = PersistentStoreCoordinator(model: model)
    try coordinator.addPersistentStore(type: .sqlite, at: url)
    do {
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<contextObjectCount {
            let item = try context.insertObject(entityName: "Item")
            item["name"] = "item \(index)"
            item["count"] = Int64(index)
            item["score"] = Double(index)
        }
        try context.save()
    }

    /// A fresh context holding every item, loaded, optionally recording undo.
    func loaded(undo: Bool) throws -> (ManagedObjectContext, [ManagedObject]) {
        let context = ManagedObjectContext(coordinator: coordinator)
        if undo { context.undoManager = ObjectGraphUndoManager() }
        return (context, try context.fetch(FetchRequest(entityName: "Item")))
    }
    func edit(_ items: [ManagedObject]) {
        for item in items { item["count"] = (item["count", as: Int64.self] ?? 0) + 1 }
    }

    let plainEdit = try BenchmarkReporter.median(runs: contextRuns, prepare: { try loaded(undo: false) }) { edit($0.1) }
    let recordedEdit = try BenchmarkReporter.median(runs: contextRuns, prepare: { try loaded(undo: true) }) {
        edit($0.1)
    }
    reporter.report("edit-50k-recording-undo", value: recordedEdit, baseline: plainEdit)

    let undo = try BenchmarkReporter.median(
        runs: contextRuns,
        prepare: { () -> ManagedObjectContext in
            let (context, items) = try loaded(undo: true)
            edit(items)
            context.processPendingChanges()
            return context
        }
    ) { context in
        context.undo()
    }
    reporter.report("undo-50k-edits", value: undo, baseline: plainEdit)

    let rawUpdate = try BenchmarkReporter.median(runs: contextRuns, prepare: { try RawUpdater(url: url) }) { raw in
        try raw.updateAll()
    }
    let graphUpdate = try BenchmarkReporter.median(
        runs: contextRuns,
        prepare: { () -> ManagedObjectContext in
            let (context, items) = try loaded(undo: false)
            edit(items)
            return context
        }
    ) { context in
        try context.save()
    }
    reporter.report("save-50k-updates-version-checked", value: graphUpdate, baseline: rawUpdate)
}

private enum ContextBenchmarkError: Error {
    case setup(String)
}

/// The baseline: every row written whole by primary key through one prepared statement, in one transaction.
private final class RawUpdater {
    private let handle: OpaquePointer

    init(url: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(url.path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let connection else {
            throw ContextBenchmarkError.setup("cannot open \(url.path)")
        }
        handle = connection
        sqlite3_exec(handle, "PRAGMA synchronous = FULL", nil, nil, nil)
    }

    deinit { sqlite3_close_v2(handle) }

    func updateAll() throws {
        var statement: OpaquePointer?
        let sql =
            "UPDATE \"Item\" SET \"Z_OPT\" = \"Z_OPT\" + 1, \"name\" = ?, \"count\" = ?, \"score\" = ? WHERE \"Z_PK\" = ?"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ContextBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil)
        for index in 0..<contextObjectCount {
            sqlite3_reset(statement)
            let name = "item \(index)"
            _ = name.withCString { sqlite3_bind_text(statement, 1, $0, -1, csqlite_transient()) }
            sqlite3_bind_int64(statement, 2, Int64(index + 1))
            sqlite3_bind_double(statement, 3, Double(index))
            sqlite3_bind_int64(statement, 4, Int64(index + 1))
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw ContextBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
            }
        }
        guard sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            throw ContextBenchmarkError.setup(String(cString: sqlite3_errmsg(handle)))
        }
    }
}
