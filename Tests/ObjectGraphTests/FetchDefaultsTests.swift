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
}
