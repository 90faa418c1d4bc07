import CSQLite
import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite struct EncryptedStoreTests {
    /// An encrypted store at `Test.sqlite` in `directory` holding `count` entries whose text
    /// carries `secret`; closed (checkpointed) when it returns.
    private func makeStore(
        in directory: TemporaryDirectory, key: StoreEncryptionKey, count: Int = 3,
        secret: String = "zanzibarsecret"
    ) throws -> URL {
        let url = directory.appending("Test.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<count {
            try insertEntry(context, title: "entry \(index)", text: "\(secret) number \(index)", mood: "moodword")
        }
        try context.save()
        // A writing store keeps a short log when it closes: copy its pages into the database now.
        let store = try #require(try coordinator.store() as? SQLiteStore)
        try store.withConnection { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        return url
    }

    @Test func anEncryptedStoreIsCreatedSavedFetchedAndReopened() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = try makeStore(in: directory, key: key)
        #expect(try PersistentStoreCoordinator.isEncryptedDatabase(at: url))
        #expect(try allTitles(at: url, options: encryptedOptions(key)) == ["entry 0", "entry 1", "entry 2"])
        var request = FetchRequest(entityName: "Entry")
        request.fullTextSearch = FullTextSearch("zanzibarsecret")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        #expect(try ManagedObjectContext(coordinator: coordinator).fetch(request).count == 3)
        // SQLite on its own cannot read it.
        #expect(throws: SQLiteError.self) { try sqliteRows("SELECT count(*) FROM sqlite_master", at: url) }
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func noSavedTextIsFoundInTheDatabaseOrItsLog() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = directory.appending("Test.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<200 {
            try insertEntry(
                context, title: "quokkatitle \(index)", text: "zanzibarsecret number \(index)", mood: "moodword")
        }
        try context.save()
        // While the store is open, the pages are in the WAL; after it closes, in the database.
        let open = storeFiles(url)
        #expect(open[1] != nil)
        for file in open {
            for word in ["zanzibarsecret", "quokkatitle", "moodword", "number 1", "CREATE TABLE", "Z_METADATA"] {
                #expect(!contains(file, word), "\(word) found")
            }
        }
        // A writing store keeps a short log when it closes: copy its pages into the database now.
        let store = try #require(try coordinator.store() as? SQLiteStore)
        try store.withConnection { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        _ = consume context
        _ = consume coordinator
        let closed = storeFiles(url)
        #expect(closed[0]!.count > 8 * 4096)
        for word in ["zanzibarsecret", "quokkatitle", "moodword", "CREATE TABLE", "SQLite format 3"] {
            #expect(!contains(closed[0], word), "\(word) found")
        }
    }

    @Test func aWrongKeyNoKeyOrAKeyForAPlainStoreFailTypedAndChangeNothing() throws {
        let directory = try TemporaryDirectory()
        let url = try makeStore(in: directory, key: try testKey())
        let before = storeFiles(url)
        #expect(throws: StoreEncryptionError.wrongKey(path: url.path)) {
            try allTitles(at: url, options: encryptedOptions(try testKey(0x33)))
        }
        #expect(throws: StoreEncryptionError.keyRequired(path: url.path)) {
            try allTitles(at: url, options: PersistentStoreOptions())
        }
        #expect(storeFiles(url) == before)

        let plain = directory.appending("Plain.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: plain)
        let context = ManagedObjectContext(coordinator: coordinator)
        try insertEntry(context, title: "plain")
        try context.save()
        _ = consume context
        _ = consume coordinator
        let plainBefore = storeFiles(plain)
        #expect(throws: StoreEncryptionError.notEncrypted(path: plain.path)) {
            try allTitles(at: plain, options: encryptedOptions(try testKey()))
        }
        #expect(storeFiles(plain) == plainBefore)
        #expect(try !PersistentStoreCoordinator.isEncryptedDatabase(at: plain))
    }

    @Test(arguments: [PersistentStoreType.binary, .inMemory])
    func otherStoreTypesRefuseAKey(type: PersistentStoreType) throws {
        let directory = try TemporaryDirectory()
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        #expect(throws: StoreEncryptionError.unsupportedStoreType(type)) {
            try coordinator.addPersistentStore(
                type: type, at: type == .binary ? directory.appending("Test.graph") : nil,
                options: encryptedOptions(try testKey()))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appending("Test.graph").path))
    }

    @Test func aFlippedBitInAPageIsADamagedPageErrorAndTheCheckListsExactlyThatPage() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = try makeStore(in: directory, key: key, count: 300)
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: url, key: key) == [])
        let pageCount = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0) / 4096
        #expect(pageCount > 4)
        // A page of the Entry table's rows, somewhere in the middle of the file.
        let page = pageCount / 2 + 1
        try flipBit(at: (page - 1) * 4096 + 1000, bit: 3, in: url)
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: url, key: key) == [page])
        #expect {
            var request = FetchRequest(entityName: "Entry")
            request.fullTextSearch = FullTextSearch("zanzibarsecret")
            let coordinator = PersistentStoreCoordinator(model: queryModel)
            try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
            let context = ManagedObjectContext(coordinator: coordinator)
            _ = try context.fetch(FetchRequest(entityName: "Entry"))
            _ = try context.fetch(request)
            _ = try sqliteCheck(url, key: key)
        } throws: { error in
            error as? StoreEncryptionError == .damagedPage(path: url.path, page: page)
        }
        // The page check reads page 1 too: a flipped bit there is found as well.
        try flipBit(at: 200, in: url)
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: url, key: key) == [1, page])
    }

    @Test func aFlippedBitInTheLogIsFoundToo() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = directory.appending("Test.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<50 { try insertEntry(context, title: "entry \(index)", text: "some text \(index)") }
        try context.save()
        let wal = URL(fileURLWithPath: url.path + "-wal")
        // The first frame's page.
        let frame = try #require(FileManager.default.contents(atPath: wal.path))
        let pageNumber = Int(frame[32]) << 24 | Int(frame[33]) << 16 | Int(frame[34]) << 8 | Int(frame[35])
        try flipBit(at: 32 + 24 + 100, in: wal)
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: url, key: key).contains(pageNumber))
    }

    @Test func copyingPlainToEncryptedAndBackKeepsEveryRow() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.appending("Plain.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: plain)
        let context = ManagedObjectContext(coordinator: coordinator)
        for index in 0..<500 { try insertEntry(context, title: "entry \(index)", text: "zanzibarsecret \(index)") }
        try context.save()
        let expected = try allTitles(at: plain, options: PersistentStoreOptions())
        let key = try testKey()

        let encrypted = directory.appending("Encrypted.sqlite")
        try PersistentStoreCoordinator.copyDatabase(at: plain, key: nil, to: encrypted, key: key)
        #expect(try PersistentStoreCoordinator.isEncryptedDatabase(at: encrypted))
        #expect(!FileManager.default.fileExists(atPath: encrypted.path + "-wal"))
        #expect(!contains(FileManager.default.contents(atPath: encrypted.path), "zanzibarsecret"))
        let mode = try FileManager.default.attributesOfItem(atPath: encrypted.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: encrypted, key: key) == [])
        #expect(try allTitles(at: encrypted, options: encryptedOptions(key)) == expected)

        let back = directory.appending("Back.sqlite")
        try PersistentStoreCoordinator.copyDatabase(at: encrypted, key: key, to: back, key: nil)
        #expect(try !PersistentStoreCoordinator.isEncryptedDatabase(at: back))
        #expect(try allTitles(at: back, options: PersistentStoreOptions()) == expected)
        #expect(try sqliteRows("PRAGMA integrity_check", at: back) == [["ok"]])

        // Re-keyed: encrypted to encrypted under another key.
        let rekeyed = directory.appending("Rekeyed.sqlite")
        let other = try testKey(0x77)
        try PersistentStoreCoordinator.copyDatabase(at: encrypted, key: key, to: rekeyed, key: other)
        #expect(try allTitles(at: rekeyed, options: encryptedOptions(other)) == expected)

        // An existing destination, or a wrong source key: refused, nothing left behind.
        #expect(throws: StoreFailure.self) {
            try PersistentStoreCoordinator.copyDatabase(at: plain, key: nil, to: encrypted, key: key)
        }
        let failed = directory.appending("Failed.sqlite")
        #expect(throws: StoreEncryptionError.wrongKey(path: encrypted.path)) {
            try PersistentStoreCoordinator.copyDatabase(at: encrypted, key: other, to: failed, key: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: failed.path))
    }

    // Found encrypting a 100,000-entry diary (159 MB): a copy larger than the page cache
    // spills a page from the middle of the new file before page 1, whose header the cipher
    // learnt the page size from, and the copy failed with "disk I/O error".
    @Test func copyingADatabaseLargerThanThePageCacheIntoAnEncryptedOne() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.appending("Plain.sqlite")
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: plain)
        let context = ManagedObjectContext(coordinator: coordinator)
        let filler = String(repeating: "the long walk along the dunes ", count: 130)
        for index in 0..<3_000 { try insertEntry(context, title: "entry \(index)", text: "\(index) " + filler) }
        try context.save()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: plain.path)[.size] as? Int)
        #expect(size > 8 << 20)
        let expected = try allTitles(at: plain, options: PersistentStoreOptions())
        let key = try testKey()

        let encrypted = directory.appending("Encrypted.sqlite")
        try PersistentStoreCoordinator.copyDatabase(at: plain, key: nil, to: encrypted, key: key)
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: encrypted, key: key) == [])
        #expect(try allTitles(at: encrypted, options: encryptedOptions(key)) == expected)
        let back = directory.appending("Back.sqlite")
        try PersistentStoreCoordinator.copyDatabase(at: encrypted, key: key, to: back, key: nil)
        #expect(try sqliteRows("PRAGMA integrity_check", at: back) == [["ok"]])
        #expect(try allTitles(at: back, options: PersistentStoreOptions()) == expected)
    }

    @Test func aReadOnlyOpeningReadsAnEncryptedStore() throws {
        let directory = try TemporaryDirectory()
        let key = try testKey()
        let url = try makeStore(in: directory, key: key)
        var options = encryptedOptions(key)
        options.isReadOnly = true
        #expect(try allTitles(at: url, options: options) == ["entry 0", "entry 1", "entry 2"])
    }

    /// `PRAGMA integrity_check` on the encrypted database at `url`, through the store's connection.
    private func sqliteCheck(_ url: URL, key: StoreEncryptionKey) throws -> [String] {
        let handle = try StoreCipher.KeyHandle(key)
        let connection = try SQLiteConnection(
            path: url.path, busyTimeoutMilliseconds: 1000, access: .readOnly, key: handle)
        let statement = try connection.statement("PRAGMA integrity_check")
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0)) }
        return rows
    }
}
