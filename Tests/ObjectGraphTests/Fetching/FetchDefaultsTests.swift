import Foundation
import Testing

@testable import ObjectGraph

/// A fetch request's defaults mean what they mean in Core Data: a limit of 0 is no limit,
/// and fetched objects are faults filled from the rows the fetch already read.
@Suite struct FetchDefaultsTests {
    /// Three stored entries ("a", "b", "c").
    private func storedEntries(type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        for text in ["a", "b", "c"] { try stack.context.insert(DiaryEntry.self).text = text }
        try stack.context.save()
        try stack.reopen()
        return stack
    }

    @Test(arguments: allStoreTypes)
    func aFetchLimitOfZeroIsNoLimit(type: PersistentStoreType) throws {
        let stack = try storedEntries(type: type)
        var request = FetchRequest(DiaryEntry.self, entityName: "DiaryEntry", sortOrderings: [SortOrdering("text")])
        request.fetchLimit = 0
        #expect(try stack.context.fetch(request).map(\.text) == ["a", "b", "c"])
        #expect(try stack.context.count(for: request) == 3)
        // With unsaved changes the fetch is merged in memory: still no limit.
        try stack.context.insert(DiaryEntry.self).text = "d"
        #expect(try stack.context.fetch(request).map(\.text) == ["a", "b", "c", "d"])
        request.fetchLimit = 2
        #expect(try stack.context.fetch(request).map(\.text) == ["a", "b"])
    }

    @Test(arguments: allStoreTypes)
    func fetchedObjectsAreFaultsByDefault(type: PersistentStoreType) throws {
        let stack = try storedEntries(type: type)
        let request = FetchRequest(DiaryEntry.self, entityName: "DiaryEntry", sortOrderings: [SortOrdering("text")])
        #expect(request.returnsObjectsAsFaults)
        let entries = try stack.context.fetch(request)
        #expect(entries.allSatisfy { $0.isFault })
        // Filled from the rows the fetch read: no query of its own.
        let (texts, statements) = stack.coordinator.countingStatements { entries.map(\.text) }
        #expect(texts == ["a", "b", "c"])
        #expect(statements == 0)
        #expect(entries.allSatisfy { !$0.isFault })
    }

    @Test(arguments: allStoreTypes)
    func aFetchedFaultShowsChangesMergedFromAnotherContext(type: PersistentStoreType) throws {
        let stack = try storedEntries(type: type)
        let entries = try stack.context.fetch(
            FetchRequest(
                DiaryEntry.self, entityName: "DiaryEntry",
                sortOrderings: [SortOrdering("text")]))
        let other = stack.newContext()
        let theirs = try #require(try other.existingObject(with: entries[0].objectID) as? DiaryEntry)
        theirs.text = "changed"
        var summary: SaveSummary?
        let token = other.addObserver { event in if case .didSave(let saved) = event { summary = saved } }
        try other.save()
        other.removeObserver(token)
        stack.context.mergeChanges(fromContextDidSave: try #require(summary))
        #expect(entries[0].text == "changed")
    }
}
