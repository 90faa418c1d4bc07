import Foundation
import Testing

@testable import ObjectGraph

/// `BatchInsertRequest` (Core Data's `NSBatchInsertRequest`): objects from dictionaries, in one
/// transaction, with the rules of a save, on every store type.
@Suite struct BatchInsertTests {
    private static let model = makeModel([
        EntityDescription(
            "Word",
            attributes: [
                AttributeDescription("text", .string, isOptional: false, minLength: 1),
                AttributeDescription("count", .integer16, minValue: 0),
                AttributeDescription("seen", .date),
                AttributeDescription("score", .double)
            ],
            relationships: [
                RelationshipDescription("list", destination: "List", inverse: "words")
            ], uniquenessConstraints: [["text"]]),
        EntityDescription(
            "List",
            relationships: [
                RelationshipDescription("words", destination: "Word", inverse: "list", isToMany: true)
            ])
    ])

    private func words(_ context: ManagedObjectContext) throws -> [String] {
        try fetchAll("Word", in: context).compactMap { $0["text", as: String.self] }.sorted()
    }

    @Test(arguments: allStoreTypes)
    func insertsEveryDictionaryInOneTransactionRecordedInHistory(type: PersistentStoreType) throws {
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = true
        let stack = try TestStack(model: Self.model, type: type, options: options)
        stack.context.transactionAuthor = "importer"
        let seen = Date(timeIntervalSince1970: 1_800_000_000)
        var request = BatchInsertRequest(
            entityName: "Word",
            objects: [
                ["text": .string("alpha"), "count": .integer(3), "seen": .date(seen), "score": .double(0.5)],
                ["text": .string("beta"), "count": .integer(0)],
                ["text": .string("gamma"), "score": .null]
            ])
        request.resultType = .objectIDs
        let result = try stack.context.execute(request)
        #expect(result.count == 3 && result.objectIDs?.count == 3)
        #expect(!stack.context.hasChanges)
        try stack.reopen()
        #expect(try words(stack.context) == ["alpha", "beta", "gamma"])
        let alpha = try #require(try stack.context.existingObject(with: try #require(result.objectIDs?.first)))
        #expect(
            alpha["count", as: Int16.self] == 3 && alpha["seen", as: Date.self] == seen
                && alpha["score", as: Double.self] == 0.5)
        let history = try stack.context.fetchHistory(after: nil)
        #expect(history.count == 1 && history.first?.author == "importer" && history.first?.changes.count == 3)
    }

    @Test(arguments: allStoreTypes)
    func aDictionaryThatBreaksARuleInsertsNothing(type: PersistentStoreType) throws {
        let stack = try TestStack(model: Self.model, type: type)
        try stack.context.execute(BatchInsertRequest(entityName: "Word", objects: [["text": .string("kept")]]))
        for bad: [String: PredicateValue] in [
            ["text": .string("")], ["count": .integer(-1), "text": .string("x")],
            ["text": .string("kept")], ["count": .integer(1)]
        ] {
            #expect(throws: (any Error).self) {
                try stack.context.execute(
                    BatchInsertRequest(entityName: "Word", objects: [["text": .string("new")], bad]))
            }
        }
        #expect(throws: BatchInsertError.relationship(entity: "Word", key: "list", index: 0)) {
            try stack.context.execute(BatchInsertRequest(entityName: "Word", objects: [["list": .null]]))
        }
        #expect(throws: BatchInsertError.unknownKey(entity: "Word", key: "colour", index: 1)) {
            try stack.context.execute(
                BatchInsertRequest(entityName: "Word", objects: [[:], ["colour": .string("red")]]))
        }
        try stack.reopen()
        #expect(try words(stack.context) == ["kept"])
    }

    /// A context that merges automatically sees the inserted objects as a save's, and the
    /// caller's unsaved changes stay unsaved.
    @Test func otherContextsAreToldAndTheCallersChangesStayItsOwn() throws {
        let stack = try TestStack(model: Self.model, type: .sqlite)
        let watcher = stack.newContext()
        watcher.automaticallyMergesChangesFromParent = true
        var inserted = 0
        let token = watcher.addObserver { event in
            if case .objectsDidChange(let changes) = event { inserted += changes.inserted.count }
        }
        defer { watcher.removeObserver(token) }
        let draft = try stack.context.insertObject(entityName: "Word")
        draft.setValue("draft", forKey: "text")
        try stack.context.execute(
            BatchInsertRequest(entityName: "Word", objects: [["text": .string("one")], ["text": .string("two")]]))
        watcher.mergePendingChanges()
        #expect(inserted == 2)
        #expect(stack.context.hasChanges && draft.isInserted)
        #expect(try words(stack.newContext()) == ["one", "two"])
    }
}
