import CSQLite
import Foundation
import Testing

@testable import ObjectGraph

/// The full-text index across migrations: a rebuilt table loses its triggers, and a change of
/// searchable attributes changes the index's columns; both must be rebuilt on open.
@Suite struct FullTextMigrationTests {
    /// `queryModel` with `mood` searchable too and a new attribute, so the store migrates.
    private let migratedModel = makeQueryModel(
        moodIsSearchable: true,
        moreEntryAttributes: [AttributeDescription("place", .string)])

    private func search(_ text: String, _ context: ManagedObjectContext) throws -> [String?] {
        var request = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("title")])
        request.fullTextSearch = FullTextSearch(text)
        return titles(try context.fetch(request))
    }

    private func open(_ model: ManagedObjectModel, at url: URL) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: PersistentStoreOptions())
        return ManagedObjectContext(coordinator: coordinator)
    }

    @Test func aMigratedStoreKeepsIndexingNewAndChangedText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-fts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Test.sqlite")
        let before = try open(queryModel, at: url)
        try insertEntry(before, title: "Old", text: "lighthouse at dawn", mood: "sleepy")
        try before.save()

        let after = try open(migratedModel, at: url)
        #expect(try search("lighthouse", after) == ["Old"])
        #expect(try search("sleepy", after) == ["Old"])  // the newly searchable column is indexed
        try insertEntry(after, title: "New", text: "harbour lights", mood: "awake")
        try after.save()
        #expect(try search("harbour", after) == ["New"])  // the insert trigger survived the rebuild
        let old = try #require(
            try after.fetch(FetchRequest(entityName: "Entry", predicate: .equals("title", .string("Old")))).first)
        old.setValue("fog over the pier", forKey: "text")
        try after.save()
        #expect(try search("lighthouse", after) == [])  // and so did the update trigger
        #expect(try search("pier", after) == ["Old"])
    }

    @Test func reopeningAnUnchangedStoreDoesNotRebuildTheIndex() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-fts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Test.sqlite")
        do {
            let context = try open(queryModel, at: url)
            try insertEntry(context, title: "One", text: "words")
            try context.save()
        }
        // Dropping and recreating the index would bump the schema cookie.
        let schemaVersion = try sqliteRows("PRAGMA schema_version", at: url)
        _ = try open(queryModel, at: url)
        #expect(try sqliteRows("PRAGMA schema_version", at: url) == schemaVersion)
        #expect(try sqliteRows("SELECT count(*) FROM sqlite_master WHERE name LIKE 'Z_FTS%'", at: url) != [["0"]])
    }

    @Test func anIndexOfTheEarlierTokenizerIsRebuiltWithTheFoldingOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-fts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Test.sqlite")
        do {
            let context = try open(queryModel, at: url)
            try insertEntry(context, title: "Street", text: "Die Straße")
            try insertEntry(context, title: "City", text: "Łódź")
            try context.save()
        }
        // The index as stores made before December 2026 have it: FTS5's unicode61 tokenizer.
        let index = try #require(
            SQLiteStore.fullTextIndexes(schema: SQLiteSchema(model: queryModel), model: queryModel)["Entry"])
        let earlier = "unicode61 remove_diacritics 2"
        try withConnection(to: url) { db in
            for object in index.schemaObjects.reversed() {
                try exec(db, "DROP \(object.isTrigger ? "TRIGGER" : "TABLE") \"\(object.name)\"")
            }
            for statement in index.createStatements {
                try exec(db, statement.replacingOccurrences(of: SQLiteFullTextTokenizer.option, with: earlier))
            }
        }
        let tokenizers = "SELECT count(*) FROM sqlite_master WHERE name = 'Z_FTS_Entry' AND sql LIKE ?"
        #expect(try sqliteRows(tokenizers.replacingOccurrences(of: "?", with: "'%\(earlier)%'"), at: url) == [["1"]])

        let context = try open(queryModel, at: url)
        #expect(try search("strasse", context) == ["Street"])
        #expect(try search("lodz", context) == ["City"])
        #expect(try sqliteRows(tokenizers.replacingOccurrences(of: "?", with: "'%og_words%'"), at: url) == [["1"]])
        try insertEntry(context, title: "Sound", text: "Øresund")
        try context.save()
        #expect(try search("oresund", context) == ["Sound"])
        #expect(try search("strasse", try open(queryModel, at: url)) == ["Street"])
    }

    /// Runs `body` with a connection of its own to the database at `url`, the tokenizer registered.
    private func withConnection(to url: URL, _ body: (OpaquePointer) throws -> Void) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
            throw SQLiteError(extendedResultCode: 14, message: "cannot open", sql: nil)
        }
        defer { sqlite3_close_v2(handle) }
        try SQLiteFullTextTokenizer.register(on: handle)
        try body(handle)
    }

    private func exec(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError(
                extendedResultCode: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)), sql: sql
            )
        }
    }
}
