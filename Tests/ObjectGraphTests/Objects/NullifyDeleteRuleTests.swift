import Foundation
import Testing

@testable import ObjectGraph

/// Tutorial app 1: vocabularies of words, with a nullify relationship.
final class Vocabulary: ManagedObject {
    var name: String? {
        get { self["name"] }
        set { self["name"] = newValue }
    }
    var words: Set<Word> { objects(forKey: "words") }
}

final class Word: ManagedObject {
    var word: String? {
        get { self["word"] }
        set { self["word"] = newValue }
    }
    var translation: String? {
        get { self["translation"] }
        set { self["translation"] = newValue }
    }
    var vocabulary: Vocabulary? {
        get { self["vocabulary"] }
        set { self["vocabulary"] = newValue }
    }
}

let vocabularyModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Vocabulary", managedObjectClass: Vocabulary.self,
        attributes: [AttributeDescription("name", .string, isOptional: false)],
        relationships: [
            RelationshipDescription(
                "words", destination: "Word", inverse: "vocabulary",
                isToMany: true, deleteRule: .nullify)
        ]),
    EntityDescription(
        "Word", managedObjectClass: Word.self,
        attributes: [
            AttributeDescription("word", .string, isOptional: false),
            AttributeDescription("translation", .string)
        ],
        relationships: [
            RelationshipDescription(
                "vocabulary", destination: "Vocabulary",
                inverse: "words")
        ])
])

@Suite struct NullifyDeleteRuleTests {
    /// The app's first launch: preload Spanish only when the store has no vocabulary.
    private func preloadIfEmpty(_ context: ManagedObjectContext) throws {
        guard try context.count(for: FetchRequest(Vocabulary.self, entityName: "Vocabulary")) == 0 else { return }
        let spanish = try context.insert(Vocabulary.self)
        spanish.name = "Spanish"
        for (word, translation) in [("hola", "hello"), ("adiós", "goodbye"), ("gato", "cat")] {
            let entry = try context.insert(Word.self)
            entry.word = word
            entry.translation = translation
            entry.vocabulary = spanish
        }
        try context.save()
    }

    @Test(arguments: allStoreTypes)
    func preloadsSpanishOnlyOnce(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        try preloadIfEmpty(stack.context)
        try stack.reopen()
        try preloadIfEmpty(stack.context)
        let vocabularies = try stack.context.fetch(FetchRequest(Vocabulary.self, entityName: "Vocabulary"))
        #expect(vocabularies.map(\.name) == ["Spanish"])
        #expect(vocabularies.first?.words.count == 3)
    }

    @Test(arguments: allStoreTypes)
    func countsAndDeletesWords(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        try preloadIfEmpty(stack.context)
        try stack.reopen()
        let gato = try #require(
            stack.context.fetch(
                FetchRequest(
                    Word.self, entityName: "Word",
                    predicate: .equals("word", .string("gato")))
            ).first)
        let spanish = try #require(gato.vocabulary)
        #expect(spanish.words.count == 3)
        stack.context.delete(gato)
        #expect(spanish.words.count == 2)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Word")) == 2)
        try stack.context.save()
        try stack.reopen()
        let words = try stack.context.fetch(
            FetchRequest(Word.self, entityName: "Word", sortOrderings: [SortOrdering("word")]))
        #expect(words.map(\.word) == ["adiós", "hola"])
        #expect(words.allSatisfy { $0.vocabulary?.name == "Spanish" })
    }

    @Test(arguments: allStoreTypes)
    func deletingAVocabularyNullifiesItsWords(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        try preloadIfEmpty(stack.context)
        try stack.reopen()
        let spanish = try #require(stack.context.fetch(FetchRequest(Vocabulary.self, entityName: "Vocabulary")).first)
        let words = spanish.words
        stack.context.delete(spanish)
        #expect(words.allSatisfy { $0.vocabulary == nil })
        try stack.context.save()
        try stack.reopen()
        let stored = try stack.context.fetch(FetchRequest(Word.self, entityName: "Word"))
        #expect(stored.count == 3)
        #expect(stored.allSatisfy { $0.vocabulary == nil })
        if type == .sqlite, let url = stack.storeURL {
            #expect(try sqliteRows("SELECT vocabulary FROM Word", at: url).allSatisfy { $0 == [nil] })
            #expect(try sqliteRows("SELECT count(*) FROM Vocabulary", at: url) == [["0"]])
        }
    }
}
