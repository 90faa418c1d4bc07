import CSQLite
import Foundation
import ObjectGraph

// The migration suite: opening a store of 100,000 objects with a changed model (an attribute
// renamed, a required attribute with a default added, an index added), which makes the backup
// copy and rebuilds the table in one transaction; beside raw SQLite rebuilding the same table
// by hand in one transaction (no backup) in the same run.

private let itemCount = 100_000
private let runs = 3

private let versionOne: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Item",
        attributes: [
            AttributeDescription("name", .string), AttributeDescription("count", .integer64),
            AttributeDescription("score", .double), AttributeDescription("created", .date)
        ])
])

private let versionTwo: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Item",
        attributes: [
            AttributeDescription("title", .string, renamingIdentifier: "name"),
            AttributeDescription("count", .integer64),
            AttributeDescription("score", .double), AttributeDescription("created", .date, isIndexed: true),
            AttributeDescription("mood", .integer16, isOptional: false, defaultValue: Int16(3))
        ])
])

/// Runs the suite and prints its results.
/// - Throws: when a store cannot be made or the migrated rows are not all there.
func runMigrationBenchmarks(json: Bool) throws {
    guard let versionOne, let versionTwo else { throw BenchmarkFailure("the benchmark models do not build") }
    let reporter = BenchmarkReporter(suite: "migration", json: json)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "og-migration-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let template = directory.appendingPathComponent("template.sqlite")
    do {
        let coordinator = PersistentStoreCoordinator(model: versionOne)
        try coordinator.addPersistentStore(type: .sqlite, at: template)
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<itemCount {
            let item = try context.insertObject(entityName: "Item")
            item["name"] = "item number \(index)"
            item["count"] = Int64(index)
            item["score"] = Double(index) * 0.5
            item["created"] = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
        }
        try context.save()
    }
    var counter = 0
    func freshCopy() throws -> URL {
        counter += 1
        let url = directory.appendingPathComponent("copy-\(counter).sqlite")
        try FileManager.default.copyItem(at: template, to: url)
        return url
    }

    var migrated: [URL] = []
    let graph = try BenchmarkReporter.median(runs: runs, prepare: freshCopy) { url in
        try PersistentStoreCoordinator(model: versionTwo).addPersistentStore(type: .sqlite, at: url)
        migrated.append(url)
    }
    let raw = try BenchmarkReporter.median(runs: runs, prepare: freshCopy) { url in
        try rebuildByHand(url)
    }
    for url in migrated {
        let check = try RawSQLite(url).integers("SELECT count(*), sum(mood), count(title) FROM Item")
        guard check == [Int64(itemCount), Int64(3 * itemCount), Int64(itemCount)] else {
            throw BenchmarkFailure("the migrated store lost rows or values: \(check)")
        }
    }
    reporter.report("migrate-100k-rename-default-index", value: graph, baseline: raw)
    reporter.note("  (ObjectGraph's figure includes the backup copy made with VACUUM INTO; the raw rebuild makes none)")
}

/// The baseline: the same table rebuilt with plain SQL in one transaction.
private func rebuildByHand(_ url: URL) throws {
    try RawSQLite(url).execute(
        """
        PRAGMA foreign_keys = OFF; BEGIN IMMEDIATE;
        CREATE TABLE "Item_new" ("Z_PK" INTEGER PRIMARY KEY, "Z_ENT" INTEGER NOT NULL, "Z_OPT" INTEGER NOT NULL,
            "title" TEXT, "count" INTEGER, "score" REAL, "created" REAL, "mood" INTEGER);
        INSERT INTO "Item_new" SELECT "Z_PK", "Z_ENT", "Z_OPT", "name", "count", "score", "created", 3 FROM "Item";
        DROP TABLE "Item"; ALTER TABLE "Item_new" RENAME TO "Item";
        CREATE INDEX "Item_Z_ENT" ON "Item"("Z_ENT"); CREATE INDEX "Item_created" ON "Item"("created");
        COMMIT; PRAGMA foreign_keys = ON;
        """)
}
