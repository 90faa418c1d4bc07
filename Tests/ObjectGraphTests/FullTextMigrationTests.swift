import Foundation
import Testing
@testable import ObjectGraph

/// The full-text index across migrations: a rebuilt table loses its triggers, and a change of
/// searchable attributes changes the index's columns; both must be rebuilt on open.
@Suite struct FullTextMigrationTests {
    /// `queryModel` with `mood` searchable too and a new attribute, so the store migrates.
    private let migratedModel = makeQueryModel(moodIsSearchable: true,
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
        #expect(try search("sleepy", after) == ["Old"])        // the newly searchable column is indexed
        try insertEntry(after, title: "New", text: "harbour lights", mood: "awake")
        try after.save()
        #expect(try search("harbour", after) == ["New"])        // the insert trigger survived the rebuild
        let old = try #require(try after.fetch(FetchRequest(entityName: "Entry", predicate: .equals("title", .string("Old")))).first)
        old.setValue("fog over the pier", forKey: "text")
        try after.save()
        #expect(try search("lighthouse", after) == [])          // and so did the update trigger
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
}
