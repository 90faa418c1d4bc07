import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// An older copy of an encrypted database put back is refused, changing nothing, instead of
/// silently undoing the edits and deletions made since; a tampered counter is refused; a
/// database put back on purpose can be accepted. Plain stores keep no counter.
@Suite struct CommitCounterTests {
    private func save(_ url: URL, key: StoreEncryptionKey?, titles: [String]) throws {
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(
            type: .sqlite, at: url, options: key.map(encryptedOptions) ?? PersistentStoreOptions())
        let context = ManagedObjectContext(coordinator: coordinator)
        for title in titles { try insertEntry(context, title: title) }
        try context.save()
    }

    private func copy(_ url: URL, to folder: URL) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            let target = folder.appending(component: url.lastPathComponent + suffix)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(atPath: url.path + suffix, toPath: target.path)
        }
    }

    private func restore(_ url: URL, from folder: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
            let source = folder.appending(component: url.lastPathComponent + suffix)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(atPath: source.path, toPath: url.path + suffix)
            }
        }
    }

    /// The store's files but the shared-memory index, which holds no data and which every
    /// opening rebuilds (as `FolderFingerprint` leaves it out).
    private func contents(_ url: URL) -> [Data?] {
        ["", "-wal", "-counter"].map { FileManager.default.contents(atPath: url.path + $0) }
    }

    @Test func anOlderEncryptedDatabasePutBackIsRefusedAndChangesNothing() throws {
        let directory = try TemporaryDirectory(), backup = try TemporaryDirectory()
        let key = try testKey()
        let url = directory.appending("Test.sqlite")
        try save(url, key: key, titles: ["one"])
        try copy(url, to: backup.url)
        try save(url, key: key, titles: ["two"])
        try save(url, key: key, titles: ["three"])
        #expect(try allTitles(at: url, options: encryptedOptions(key)).count == 3)
        try restore(url, from: backup.url)
        let before = contents(url)
        for _ in 0..<2 {
            #expect {
                try PersistentStoreCoordinator(model: queryModel).addPersistentStore(
                    type: .sqlite, at: url, options: encryptedOptions(key))
            } throws: { error in
                guard case StoreEncryptionError.rolledBack(let path, let database, let recorded) = error else {
                    return false
                }
                return path == url.path && database < recorded
            }
        }
        #expect(contents(url) == before)

        // Put back on purpose: accepted, and from then on the store counts from where it is.
        let accepted = try #require(try PersistentStoreCoordinator.acceptOlderDatabase(at: url, key: key))
        #expect(accepted.recorded != nil && accepted.database < accepted.recorded!)
        #expect(try allTitles(at: url, options: encryptedOptions(key)) == ["one"])
        try save(url, key: key, titles: ["four"])
        #expect(try allTitles(at: url, options: encryptedOptions(key)).sorted() == ["four", "one"])
        #expect(try PersistentStoreCoordinator.acceptOlderDatabase(at: url, key: key) == nil)
    }

    @Test func aTamperedCounterIsRefusedAndAPlainStoreKeepsNone() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = directory.appending("Test.sqlite")
        try save(url, key: key, titles: ["one"])
        let counter = URL(fileURLWithPath: url.path + "-counter")
        var text = try String(contentsOf: counter, encoding: .utf8)
        let recorded = try #require(text.firstRange(of: "\"commits\":"))
        text.insert("9", at: recorded.upperBound)
        try text.write(to: counter, atomically: true, encoding: .utf8)
        #expect(throws: StoreEncryptionError.forgedCommitCounter(path: url.path)) {
            try PersistentStoreCoordinator(model: queryModel).addPersistentStore(
                type: .sqlite, at: url, options: encryptedOptions(key))
        }
        // Another key's counter is no counter of this store either.
        try save(directory.appending("Other.sqlite"), key: try testKey(0x11), titles: ["x"])
        try FileManager.default.removeItem(at: counter)
        try FileManager.default.copyItem(
            atPath: directory.appending("Other.sqlite").path + "-counter", toPath: counter.path)
        #expect(throws: StoreEncryptionError.forgedCommitCounter(path: url.path)) {
            try PersistentStoreCoordinator(model: queryModel).addPersistentStore(
                type: .sqlite, at: url, options: encryptedOptions(key))
        }
        // A missing counter (a crash before it was written, a store from before counters) refuses nothing.
        try FileManager.default.removeItem(at: counter)
        #expect(try allTitles(at: url, options: encryptedOptions(key)) == ["one"])

        let plain = directory.appending("Plain.sqlite")
        try save(plain, key: nil, titles: ["a"])
        try save(plain, key: nil, titles: ["b"])
        #expect(!FileManager.default.fileExists(atPath: plain.path + "-counter"))
    }
}
