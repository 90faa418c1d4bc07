import Foundation
import Testing

@testable import ObjectGraph

/// Phrases in a full-text search: their words one after the other, folded as words are, in
/// the SQLite index and in memory alike.
@Suite struct FullTextPhraseTests {
    private func titles(
        _ words: String, phrases: [String], prefixes: Bool = false,
        in context: ManagedObjectContext
    ) throws -> [String?] {
        var request = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("title")])
        request.fullTextSearch = FullTextSearch(words, phrases: phrases, matchesPrefixes: prefixes)
        return try context.fetch(request).map { $0.value(forKey: "title") as? String }
    }

    private func seeded(_ type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: queryModel, type: type)
        try insertEntry(stack.context, title: "Beach", text: "Sunset at the Beach with Anna")
        try insertEntry(stack.context, title: "Scrambled", text: "the beach at sunset")
        try insertEntry(stack.context, title: "Straße", text: "Die Straße am Meer")
        try stack.context.save()
        try stack.reopen()
        return stack
    }

    @Test(arguments: allStoreTypes)
    func aPhraseNeedsItsWordsInOrderAndNextToEachOther(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        #expect(try titles("", phrases: ["sunset at the beach"], in: stack.context) == ["Beach"])
        #expect(try titles("sunset", phrases: [], in: stack.context) == ["Beach", "Scrambled"])
        #expect(try titles("", phrases: ["beach at sunset"], in: stack.context) == ["Scrambled"])
        #expect(try titles("anna", phrases: ["at the beach"], in: stack.context) == ["Beach"])
        #expect(try titles("", phrases: ["sunset beach"], in: stack.context) == [])
        #expect(try titles("", phrases: ["strasse am"], in: stack.context) == ["Straße"])
        #expect(try titles("", phrases: ["the bea"], prefixes: true, in: stack.context) == ["Beach", "Scrambled"])
    }

    @Test(arguments: allStoreTypes)
    func unsavedObjectsAreMatchedByTheSameRule(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        try insertEntry(stack.context, title: "Unsaved", text: "a sunset at the beach again")
        #expect(try titles("", phrases: ["sunset at the beach"], in: stack.context) == ["Beach", "Unsaved"])
    }
}
