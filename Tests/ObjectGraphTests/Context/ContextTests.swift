import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ContextTests {
    @Test(arguments: allStoreTypes)
    func aDeletedObjectsKeyIsNeverGivenAgain(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let words = try (0..<3).map { _ in try stack.context.insert(Word.self) }
        for (index, word) in words.enumerated() { word.word = "w\(index)" }
        try stack.context.save()
        stack.context.delete(words[2])
        try stack.context.save()
        try stack.reopen()
        let next = try stack.context.insert(Word.self)
        next.word = "after"
        try stack.context.save()
        #expect(next.objectID.primaryKey == 4)
    }

    @Test(arguments: allStoreTypes)
    func objectIDsBecomePermanentAndParseBack(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let word = try stack.context.insert(Word.self)
        word.word = "uno"
        #expect(word.objectID.isTemporaryID)
        #expect(stack.context.object(with: word.objectID) === word)
        try stack.context.save()
        let id = word.objectID
        #expect(!id.isTemporaryID)
        #expect(id.storeIdentifier == stack.coordinator.persistentStores.first?.identifier)
        #expect(ObjectID(uriRepresentation: id.uriRepresentation) == id)
        #expect(id.uriRepresentation.absoluteString.hasSuffix("/Word/p1"))
        #expect(stack.context.object(with: id) === word)
        #expect(try stack.context.existingObject(with: id) === word)

        let other = stack.newContext()
        let copy = try other.existingObject(with: id)
        #expect(copy !== word && copy["word", as: String.self] == "uno")
        stack.context.delete(word)
        try stack.context.save()
        #expect(word.managedObjectContext == nil)
        #expect(throws: ObjectGraphError.self) { try stack.newContext().existingObject(with: id) }
    }

    @Test(arguments: allStoreTypes)
    func rollbackDiscardsAndResetForgets(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let vocabulary = try stack.context.insert(Vocabulary.self)
        vocabulary.name = "German"
        try stack.context.save()

        vocabulary.name = "Deutsch"
        let word = try stack.context.insert(Word.self)
        word.word = "Hund"
        word.vocabulary = vocabulary
        #expect(stack.context.insertedObjects == [word])
        #expect(stack.context.updatedObjects == [vocabulary])
        stack.context.rollback()
        #expect(!stack.context.hasChanges)
        #expect(vocabulary.name == "German")
        #expect(vocabulary.words.isEmpty)
        #expect(word.managedObjectContext == nil)

        stack.context.delete(vocabulary)
        #expect(stack.context.deletedObjects == [vocabulary])
        stack.context.rollback()
        #expect(!vocabulary.isDeleted)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Vocabulary")) == 1)

        stack.context.reset()
        #expect(stack.context.registeredObjects.isEmpty)
        #expect(vocabulary.managedObjectContext == nil)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Vocabulary")) == 1)
    }

    @Test(arguments: allStoreTypes)
    func anInsertDeletedBeforeSavingLeavesNoTrace(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let word = try stack.context.insert(Word.self)
        word.word = "fleeting"
        stack.context.delete(word)
        #expect(!stack.context.hasChanges)
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Word")) == 0)
    }

    @Test(arguments: allStoreTypes)
    func hooksRunOncePerSave(type: PersistentStoreType) throws {
        final class Counted: ManagedObject {
            var willSaves = 0, didSaves = 0, fetches = 0, deletions = 0
            override func willSave() { willSaves += 1 }
            override func didSave() { didSaves += 1 }
            override func awakeFromFetch() { fetches += 1 }
            override func prepareForDeletion() { deletions += 1 }
        }
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Counted", managedObjectClass: Counted.self, attributes: [AttributeDescription("n", .integer64)])
        ])
        let stack = try TestStack(model: model, type: type)
        let object = try stack.context.insert(Counted.self)
        object.setValue(1, forKey: "n")
        object.setValue(2, forKey: "n")
        try stack.context.save()
        #expect((object.willSaves, object.didSaves) == (1, 1))
        try stack.context.save()  // nothing changed: no hooks
        #expect(object.willSaves == 1)
        let reader = stack.newContext()
        var asFaults = FetchRequest(Counted.self, entityName: "Counted")
        asFaults.returnsObjectsAsFaults = true
        let fetched = try #require(try reader.fetch(asFaults).first)
        // A fetched fault (as Core Data hands out by default) awakes when its values are first read.
        #expect(fetched.fetches == 0)
        #expect(fetched["n", as: Int64.self] == 2)
        #expect(fetched.fetches == 1)
        stack.context.delete(object)
        #expect(object.deletions == 1)
        try stack.context.save()
        #expect((object.willSaves, object.didSaves) == (2, 2))
    }
}

@Suite struct ContextLifetimeTests {
    @Test func relatedObjectsAreFreedWithTheirContext() throws {
        let stack = try TestStack(model: vocabularyModel, type: .inMemory)
        weak var vocabulary: Vocabulary?
        weak var word: Word?
        do {
            let context = stack.newContext()
            let newVocabulary = try context.insert(Vocabulary.self)
            let newWord = try context.insert(Word.self)
            newWord.vocabulary = newVocabulary  // a cycle: vocabulary.words ↔ word.vocabulary
            vocabulary = newVocabulary
            word = newWord
        }
        #expect(vocabulary == nil)
        #expect(word == nil)
    }
}
