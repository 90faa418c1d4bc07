import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// An encrypted store's log read back after a crash: SQLite rebuilds its index from the log's
/// frames and their checksums (no -shm left, as after a SIGKILL), and must find every commit.
@Suite struct EncryptedStoreRecoveryTests {
    /// Copies the database and its log (not the shared-memory index) of the open store at `url`
    /// into `directory`: what a SIGKILL after the last commit leaves on disk.
    private func crashCopy(of url: URL, into directory: TemporaryDirectory) throws -> URL {
        let copy = directory.appending("Copy.sqlite")
        try FileManager.default.copyItem(atPath: url.path, toPath: copy.path)
        try FileManager.default.copyItem(atPath: url.path + "-wal", toPath: copy.path + "-wal")
        return copy
    }

    @Test func aNewStoreKilledBeforeItsFirstCheckpointReopensWithEveryCommit() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = directory.appending("Test.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<3 {
            try insertEntry(context, title: "entry \(index)", text: "text \(index)")
            try context.save()
        }
        // Everything but the schema-less first page is still in the log.
        let copy = try crashCopy(of: url, into: directory)
        #expect(try allTitles(at: copy, options: encryptedOptions(key)) == ["entry 0", "entry 1", "entry 2"])
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: copy, key: key).isEmpty)
    }

    @Test func pagesReadFromTheDatabaseAndSavedAgainSurviveARecovery() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = directory.appending("Test.sqlite")
        do {
            // Checkpointed into the database file, so the next process reads its pages from there.
            let coordinator = PersistentStoreCoordinator(model: queryModel)
            try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
            let context = ManagedObjectContext(coordinator: coordinator)
            for index in 0..<40 {
                try insertEntry(context, title: "first \(index)", text: String(repeating: "x", count: 500))
            }
            try context.save()
            let store = try #require(try coordinator.store() as? SQLiteStore)
            try store.withConnection { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        let context = ManagedObjectContext(coordinator: coordinator)
        try insertEntry(context, title: "second", text: "after the checkpoint")
        try context.save()
        let copy = try crashCopy(of: url, into: directory)
        let titles = try allTitles(at: copy, options: encryptedOptions(key))
        #expect(titles.count == 41)
        #expect(titles.contains("second"))
    }
}
