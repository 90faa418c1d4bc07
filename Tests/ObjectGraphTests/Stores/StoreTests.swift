import CSQLite
import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite struct StoreTests {
    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func storesKeepTheirIdentityAndRefuseAnotherModel(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let identifier = try #require(stack.coordinator.persistentStores.first?.identifier)
        #expect(stack.coordinator.persistentStores.first?.modelVersionHash == vocabularyModel.versionHash)
        try stack.reopen()
        #expect(stack.coordinator.persistentStores.first?.identifier == identifier)

        let changed = try ManagedObjectModel(entities: [
            EntityDescription(
                "Vocabulary",
                attributes: [AttributeDescription("name", .integer64), AttributeDescription("language", .string)])
        ])
        let coordinator = PersistentStoreCoordinator(model: changed)
        #expect {
            try coordinator.addPersistentStore(type: type, at: stack.storeURL)
        } throws: { error in
            guard case MigrationError.incompatibleChanges(_, let changes) = error else { return false }
            return changes.map(\.description) == ["Vocabulary.name: type changed from string to integer64"]
                && String(describing: error).contains("Vocabulary.name: type changed from string to integer64")
        }
    }

    @Test func sqliteSchemaFollowsTheModel() throws {
        let stack = try TestStack(model: photoDiaryModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        #expect(try sqliteRows("PRAGMA journal_mode", at: url) == [["wal"]])
        let tables = try sqliteRows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", at: url)
            .compactMap(\.first)
        #expect(tables == ["DiaryEntry", "Medium", "Z_METADATA"])
        let columns = try sqliteRows("SELECT name FROM pragma_table_info('Medium')", at: url).compactMap(\.first)
        #expect(
            columns == ["Z_PK", "Z_ENT", "Z_OPT", "fileName", "data", "data_sha256", "data_size", "diaryEntry", "width"]
        )
        let indexes = try sqliteRows(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'DiaryEntry'", at: url)
        #expect(indexes.contains(["DiaryEntry_creationTime"]))
        let keys = try sqliteRows("SELECT \"table\", \"on_delete\" FROM pragma_foreign_key_list('Medium')", at: url)
        #expect(keys == [["DiaryEntry", "SET NULL"]])
        let uniques = try StackOfBanks.make()
        #expect(uniques.contains { $0.contains("UNIQUE") })
    }

    @Test(arguments: [0, 64 << 20])
    func sqliteMapsTheDatabaseOnlyWhenAsked(size: Int) throws {
        #expect(try pragma("mmap_size", of: PersistentStoreOptions(memoryMapSize: size)) == Int64(size))
    }

    @Test(arguments: [0, 16 << 20])
    func sqliteCachesAsManyPagesAsAsked(size: Int) throws {
        // Negative: KiB. SQLite's own default is -2000 (about 2 MB).
        #expect(
            try pragma("cache_size", of: PersistentStoreOptions(pageCacheSize: size))
                == (size == 0 ? -2000 : -Int64(size / 1024)))
    }

    /// The value of `PRAGMA name` on the connection of an SQLite store opened with `options`.
    private func pragma(_ name: String, of options: PersistentStoreOptions) throws -> Int64? {
        let directory = try TemporaryDirectory(prefix: "objectgraph-test")
        let coordinator = PersistentStoreCoordinator(model: vocabularyModel)
        try coordinator.addPersistentStore(
            type: .sqlite, at: directory.url.appendingPathComponent("pragma.sqlite"),
            options: options)
        let store = try #require(coordinator.persistentStores.first as? SQLiteStore)
        return try store.withConnection { try $0.scalar("PRAGMA \(name)") }
    }

    @Test func rowVersionsCountUpdates() throws {
        let stack = try TestStack(model: fourLinesModel, type: .sqlite)
        let line = try stack.context.insertObject(entityName: "Line")
        line.setValue(1, forKey: "lineNum")
        try stack.context.save()
        line.setValue("changed", forKey: "lineText")
        try stack.context.save()
        #expect(try sqliteRows("SELECT Z_OPT FROM Line", at: try #require(stack.storeURL)) == [["2"]])
    }

    @Test func sqliteErrorsCarryCodeMessageAndSQL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let connection = try SQLiteConnection(
            path: directory.appendingPathComponent("x.sqlite").path, busyTimeoutMilliseconds: 100)
        #expect {
            _ = try connection.statement("SELEC nonsense")
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.resultCode == SQLITE_ERROR && error.sql == "SELEC nonsense"
                && error.description == "SQLite error 1: near \"SELEC\": syntax error — while running: SELEC nonsense"
        }
        #expect(throws: StoreError.self) {
            try PersistentStoreCoordinator(model: fourLinesModel).addPersistentStore(type: .sqlite, at: nil)
        }
    }

    @Test(arguments: allStoreTypes)
    func contextsOnSeveralTasksShareOneStore(type: PersistentStoreType) async throws {
        let stack = try TestStack(model: fourLinesModel, type: type)
        let coordinator = stack.coordinator
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    let context = ManagedObjectContext(coordinator: coordinator)
                    for number in 0..<10 {
                        let line = try context.insertObject(entityName: "Line")
                        line.setValue(task * 10 + number, forKey: "lineNum")
                        try context.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let numbers = try fetchAll("Line", in: stack.newContext(), sortedBy: "lineNum").compactMap {
            $0["lineNum", as: Int16.self]
        }
        #expect(numbers == (0..<40).map(Int16.init))
    }

    @Test func binaryStoreIsOneFileReplacedAtomically() throws {
        let stack = try TestStack(model: fourLinesModel, type: .binary)
        let url = try #require(stack.storeURL)
        let line = try stack.context.insertObject(entityName: "Line")
        line.setValue(1, forKey: "lineNum")
        try stack.context.save()
        let names = try FileManager.default.contentsOfDirectory(atPath: stack.directory.path).sorted()
        #expect(names == ["Test.blobs", "Test.graph"])  // no temporary file left behind
        try Data("garbage".utf8).write(to: url)
        #expect(throws: StoreFailure.self) {
            try PersistentStoreCoordinator(model: fourLinesModel).addPersistentStore(type: .binary, at: url)
        }
    }
}

/// The schema of the failed-banks model, for its UNIQUE index.
private enum StackOfBanks {
    static func make() throws -> [String] {
        let stack = try TestStack(model: failedBanksModel, type: .sqlite)
        return try sqliteRows(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", at: try #require(stack.storeURL)
        )
        .compactMap { $0.first ?? nil }
    }
}
