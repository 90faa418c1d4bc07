import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// A writing SQLite store leaves its write-ahead log when it closes (no checkpoint, no unlink:
/// the commit's sync is the save's only one), and what it committed stays on disk, private,
/// and readable by every later reader.
@Suite struct WriteAheadLogTests {
    private func insertWords(_ count: Int, length: Int = 8, in context: ManagedObjectContext) throws {
        for index in 0..<count {
            let word = try context.insertObject(entityName: "Word")
            word.setValue("w\(index)" + String(repeating: "x", count: length), forKey: "word")
        }
        try context.save()
    }

    /// Opens the store at `url` for `body` and closes it again (nothing else holds it).
    private func withStore<T>(
        at url: URL, readOnly: Bool = false, _ body: (ManagedObjectContext) throws -> T
    ) throws -> T {
        let coordinator = PersistentStoreCoordinator(model: vocabularyModel)
        try coordinator.addPersistentStore(
            type: .sqlite, at: url, options: PersistentStoreOptions(isReadOnly: readOnly))
        return try body(ManagedObjectContext(coordinator: coordinator))
    }

    private static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private static func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// What `/usr/bin/sqlite3` (another process) prints for `sql` on the database at `url`.
    private static func sqlite3(_ sql: String, at url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [url.path, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aSaveIsSeenByAnotherProcessAsSoonAsItReturns() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        try insertWords(3, in: stack.context)
        // The writer is still open: the rows are in the log, which another process reads.
        #expect(try Self.sqlite3("SELECT count(*) FROM Word", at: url) == "3")
    }

    @Test func closingAWriterKeepsItsLogPrivateAndEveryReaderSeesItsRows() throws {
        let scratch = try TemporaryDirectory(prefix: "wal")
        let url = scratch.appending("Test.sqlite")
        try withStore(at: url) { try insertWords(5, in: $0) }
        try withStore(at: url) { try insertWords(2, in: $0) }
        // Closed, and not checkpointed away: the log and its index are still there, 0600.
        #expect(try Self.size(url.path + "-wal") > 0)
        #expect(try Self.mode(url.path + "-wal") == 0o600)
        #expect(try Self.mode(url.path + "-shm") == 0o600)
        #expect(try sqliteRows("SELECT count(*) FROM Word", at: url) == [["7"]])
        #expect(try Self.sqlite3("SELECT count(*) FROM Word", at: url) == "7")
        #expect(try withStore(at: url, readOnly: true) { try fetchAll("Word", in: $0).count } == 7)
        #expect(try withStore(at: url) { try fetchAll("Word", in: $0).count } == 7)
    }

    @Test func aLongLogIsCheckpointedAndTruncatedWhenItsWriterCloses() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        // One save of ~2 MB: past the limit a closing writer leaves.
        try insertWords(2_000, length: 1_000, in: stack.context)
        #expect(try Self.size(url.path + "-wal") > Int(SQLiteStore.logSizeLimit))
        try stack.reopen()
        // Copied into the database and truncated; an empty log SQLite then removes as it always did.
        #expect((try? Self.size(url.path + "-wal")) ?? 0 == 0)
        #expect(try fetchAll("Word", in: stack.context).count == 2_000)
    }

    @Test func aWriterThatWroteNothingLeavesTheFolderAsItWas() throws {
        let scratch = try TemporaryDirectory(prefix: "wal")
        let url = scratch.appending("Test.sqlite")
        try withStore(at: url) { try insertWords(3, in: $0) }
        // Another program (the sqlite3 shell) closes last: it checkpoints and removes the log.
        #expect(try sqliteWrite("UPDATE Word SET translation = 'x'", at: url) == 3)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        let before = try Data(contentsOf: url)
        try withStore(at: url) { _ in }  // a writer opens and closes without saving
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func manySmallSavesKeepTheLogShort() throws {
        let scratch = try TemporaryDirectory(prefix: "wal")
        let url = scratch.appending("Test.sqlite")
        for _ in 0..<200 {
            try withStore(at: url) { try insertWords(1, length: 200, in: $0) }
            // A writer that closes with a long log checkpoints and truncates it: every later
            // process reads a short one back.
            #expect((try? Self.size(url.path + "-wal")) ?? 0 <= Int(SQLiteStore.logSizeLimit))
        }
        #expect(try withStore(at: url) { try fetchAll("Word", in: $0).count } == 200)
    }
}
