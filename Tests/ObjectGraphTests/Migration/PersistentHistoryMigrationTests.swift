import Foundation
import Testing

@testable import ObjectGraph

@Suite("Persistent history across a migration")
struct PersistentHistoryMigrationTests {
    /// `Note(name, text)` renamed to `Memo(name, body ← text, mood)`.
    static let renamedModel = makeModel([
        EntityDescription(
            "Memo",
            attributes: [
                AttributeDescription("name", .string, isOptional: false),
                AttributeDescription("body", .string, renamingIdentifier: "text"),
                AttributeDescription("stars", .integer64, defaultValue: Int64(0)),
                AttributeDescription("mood", .string)
            ], renamingIdentifier: "Note")
    ])

    @Test(
        "the history stays after a model change, its tokens keep their meaning and its names follow renames",
        arguments: [PersistentStoreType.sqlite, .binary])
    func survivesMigration(type: PersistentStoreType) throws {
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = true
        let stack = try TestStack(model: noteModel, type: type, options: options)
        let note = try stack.context.insertObject(entityName: "Note")
        note["name"] = "n"
        try stack.context.save()
        let firstToken = try #require(try stack.context.currentHistoryToken())
        note["text"] = "body text"
        try stack.context.save()
        let before = try stack.context.fetchHistory(after: nil)
        let key = try #require(note.objectID.primaryKey)

        let coordinator = PersistentStoreCoordinator(model: Self.renamedModel)
        try coordinator.addPersistentStore(type: type, at: stack.storeURL, options: options)
        let context = ManagedObjectContext(coordinator: coordinator)
        let after = try context.fetchHistory(after: nil)
        #expect(after.map(\.token) == before.map(\.token))
        #expect(after.map(\.timestamp) == before.map(\.timestamp))
        #expect(after.flatMap(\.changes).map(\.objectID.entityName) == ["Memo", "Memo"])
        #expect(after.last?.changes.first?.updatedKeys == ["body"])
        let id = try #require(after.first?.changes.first?.objectID)
        #expect(id.primaryKey == key)
        #expect(try context.existingObject(with: id).value(forKey: "body") as? String == "body text")

        let memo = try context.existingObject(with: id)
        memo["mood"] = "calm"
        try context.save()
        let later = try context.fetchHistory(after: firstToken)
        #expect(later.count == 2)
        #expect(later.last?.changes == [PersistentHistoryChange(kind: .update, objectID: id, updatedKeys: ["mood"])])
    }
}
