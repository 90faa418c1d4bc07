import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// What opening an SQLite store may create, write or refuse.
@Suite struct StoreOpeningTests {
    @Test func aStoreThatMustNotBeCreatedIsMissingAndNothingIsMade() throws {
        let scratch = try TemporaryDirectory(prefix: "opening")
        let url = scratch.appending("sub").appendingPathComponent("Test.sqlite")
        #expect(throws: StoreError.missingStore(path: url.path)) {
            try PersistentStoreCoordinator(model: vocabularyModel)
                .addPersistentStore(type: .sqlite, at: url, options: PersistentStoreOptions(createsStore: false))
        }
        #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
    }

    @Test func aReadOnlyStoreReadsButNeverWrites() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        try stack.context.insertObject(entityName: "Vocabulary").setValue("Dutch", forKey: "name")
        try stack.context.save()
        try stack.reopen()  // closes the first connection: no log files left
        let before = try Data(contentsOf: url)

        let reader = PersistentStoreCoordinator(model: vocabularyModel)
        try reader.addPersistentStore(type: .sqlite, at: url, options: PersistentStoreOptions(isReadOnly: true))
        let context = ManagedObjectContext(coordinator: reader)
        #expect(try fetchAll("Vocabulary", in: context).compactMap { $0.value(forKey: "name") as? String } == ["Dutch"])
        try context.insertObject(entityName: "Vocabulary").setValue("Welsh", forKey: "name")
        #expect(throws: StoreFailure.readOnly(path: url.path)) { try context.save() }
        #expect(throws: StoreFailure.readOnly(path: url.path)) { try reader.blobGarbage(remove: true) }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test(arguments: [false, true])
    func aMissingOrEmptyDatabaseBesideBlobsIsRefusedAndNothingIsCreated(empty: Bool) throws {
        let scratch = try TemporaryDirectory(prefix: "opening")
        let url = scratch.appending("Test.sqlite")
        let blobs = try BlobStore(directory: scratch.appending("Test.blobs"))
        _ = try blobs.commit(try blobs.stage(data: Data("a photo".utf8)))
        if empty { try Data().write(to: url) }
        #expect(
            throws: StoreError.missingDatabase(path: url.path, isEmpty: empty, blobFolder: "Test.blobs", blobCount: 1)
        ) {
            try PersistentStoreCoordinator(model: vocabularyModel).addPersistentStore(type: .sqlite, at: url)
        }
        #expect(FileManager.default.fileExists(atPath: url.path) == empty)
        #expect((try? Data(contentsOf: url))?.isEmpty ?? true)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    }

    @Test func aDroppedTableIsADamagedSchema() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        try stack.reopen()
        _ = try sqliteWrite("DROP TABLE Word", at: url)
        #expect {
            try PersistentStoreCoordinator(model: vocabularyModel).addPersistentStore(type: .sqlite, at: url)
        } throws: { error in
            guard case StoreError.damagedSchema(_, let problems) = error else { return false }
            return problems == ["the table Word is missing"]
        }
    }

    // Recorded by a save, never by an opening alone: a command that fails after opening leaves
    // the store byte-identical.
    @Test func theFingerprintOfTheCheckedSchemaIsRecordedByTheNextSaveOnce() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        try stack.reopen()
        let fingerprint = "SELECT value FROM Z_METADATA WHERE key = 'verifiedSchema'"
        #expect(try sqliteRows(fingerprint, at: url).isEmpty)
        try stack.context.insertObject(entityName: "Vocabulary").setValue("Dutch", forKey: "name")
        try stack.context.save()
        let recorded = try sqliteRows(fingerprint, at: url)
        #expect(recorded.count == 1)
        #expect(recorded.first?.first??.hasSuffix(" \(vocabularyModel.versionHash) 1") == true)
        try stack.reopen()
        try stack.context.insertObject(entityName: "Vocabulary").setValue("Frisian", forKey: "name")
        try stack.context.save()
        #expect(try sqliteRows(fingerprint, at: url) == recorded)
    }

    // A new store's full-text tables are made after the schema is compared: the fingerprint the
    // first save records is the schema's with them, so the next opening skips the comparison.
    @Test func theFirstSaveOfANewStoreWithFullTextTablesRecordsTheFingerprintOfTheFinishedSchema() throws {
        let stack = try TestStack(model: queryModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        try insertEntry(stack.context, title: "Berlin", text: "Café am Kreuzberg")
        try stack.context.save()
        let recorded = try sqliteRows("SELECT value FROM Z_METADATA WHERE key = 'verifiedSchema'", at: url)
        #expect(recorded.count == 1)
        let connection = try SQLiteConnection(path: url.path, busyTimeoutMilliseconds: 1000, access: .readOnly)
        let current = try SQLiteStore.schemaFingerprint(connection, model: queryModel)
        #expect(recorded.first?.first ?? nil == current)
    }

    // A tool that edits the schema table itself raises no schema counter: the fingerprint, a hash
    // of the schema's text, still differs, and the store is compared again.
    @Test func aSchemaEditedInTheSchemaTableAfterItsCheckIsADamagedSchema() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        try stack.context.insertObject(entityName: "Vocabulary").setValue("Dutch", forKey: "name")
        try stack.context.save()
        #expect(try sqliteRows("SELECT count(*) FROM Z_METADATA WHERE key = 'verifiedSchema'", at: url) == [["1"]])
        _ = try sqliteWrite(
            #"PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, ', "translation" TEXT', '') WHERE type = 'table' AND name = 'Word'"#,
            at: url)
        #expect(
            try sqliteRows(#"SELECT count(*) FROM sqlite_master WHERE sql LIKE '%"translation"%'"#, at: url) == [["0"]])
        #expect {
            try PersistentStoreCoordinator(model: vocabularyModel).addPersistentStore(type: .sqlite, at: url)
        } throws: { error in
            guard case StoreError.damagedSchema(_, let problems) = error else { return false }
            return problems == ["the column Word.translation is missing"]
        }
    }

    @Test func aNewStoreIsRemovedOnlyWhileUnused() throws {
        let unused = try TestStack(model: vocabularyModel, type: .sqlite)
        #expect(try unused.coordinator.removeStoreIfUnused())
        #expect(try FileManager.default.contentsOfDirectory(atPath: unused.directory.path) == [])

        let used = try TestStack(model: vocabularyModel, type: .sqlite)
        try used.context.insertObject(entityName: "Vocabulary").setValue("Dutch", forKey: "name")
        try used.context.save()
        #expect(try used.coordinator.removeStoreIfUnused() == false)
        #expect(FileManager.default.fileExists(atPath: try #require(used.storeURL).path))

        // A store this coordinator did not create is never removed.
        let opened = try TestStack(model: vocabularyModel, type: .sqlite)
        try opened.reopen()
        #expect(try opened.coordinator.removeStoreIfUnused() == false)
    }
}
