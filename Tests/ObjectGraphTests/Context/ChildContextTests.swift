import Foundation
import Testing

@testable import ObjectGraph

/// Child contexts: scratch pads over a parent context, saving into it.
@Suite struct ChildContextTests {
    @Test(arguments: allStoreTypes)
    func aChildSeesTheParentsUnsavedState(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let parent = stack.context
        let german = try parent.insertVocabulary("German")
        try parent.save()
        german.name = "Deutsch"  // unsaved in the parent
        let spanish = try parent.insertVocabulary("Spanish")  // inserted, unsaved
        try parent.insertWord("gato", in: spanish)

        let child = ManagedObjectContext(parent: parent)
        let names = try child.fetch(
            FetchRequest(Vocabulary.self, entityName: "Vocabulary", sortOrderings: [SortOrdering("name")])
        )
        .map(\.name)
        #expect(names == ["Deutsch", "Spanish"])
        let childSpanish = try #require(child.object(with: spanish.objectID) as? Vocabulary)
        #expect(childSpanish !== spanish)
        #expect(childSpanish.words.compactMap(\.word) == ["gato"])
        #expect(
            try child.count(
                for: FetchRequest(
                    entityName: "Word", predicate: try FetchPredicate(format: "vocabulary.name == %@", "Spanish"))) == 1
        )
    }

    @Test(arguments: allStoreTypes)
    func aChildsSaveGoesToTheParentAndTheParentsSaveWrites(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let parent = stack.context
        let german = try parent.insertVocabulary("German")
        let old = try parent.insertWord("alt", in: german)
        try parent.save()

        let child = ManagedObjectContext(parent: parent)
        let childGerman = try #require(try child.existingObject(with: german.objectID) as? Vocabulary)
        childGerman.name = "Deutsch"
        let dog = try child.insertWord("Hund", in: childGerman)
        child.delete(try child.existingObject(with: old.objectID))
        try child.save()
        #expect(!child.hasChanges)

        // In the parent, unsaved; nothing in the store yet.
        #expect(try stack.newContext().count(for: FetchRequest(entityName: "Word")) == 1)
        #expect(german.name == "Deutsch")
        let parentDog = try #require(parent.insertedObjects.first as? Word)
        #expect(parentDog.objectID == dog.objectID && parentDog.word == "Hund")
        #expect(german.words == [parentDog])
        #expect(parentDog.vocabulary === german)

        #expect(parent.deletedObjects == [old])

        try parent.save()
        let reader = stack.newContext()
        let stored = try reader.fetch(FetchRequest(Word.self, entityName: "Word"))
        #expect(stored.map(\.word) == ["Hund"])
        #expect(stored.first?.vocabulary?.objectID == german.objectID)
        #expect(stored.first?.vocabulary?.name == "Deutsch")
        // The child's object took the permanent ID the parent's save gave.
        #expect(!dog.objectID.isTemporaryID && dog.objectID == parentDog.objectID)
        #expect(child.object(with: parentDog.objectID) === dog)
        dog.translation = "dog"
        try child.save()
        try parent.save()
        #expect(
            try stack.newContext().existingObject(with: dog.objectID).value(forKey: "translation") as? String == "dog")
    }

    @Test func aRelationshipMovedInTheChildMovesInTheParentWithItsInverses() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let parent = stack.context
        let german = try parent.insertVocabulary("German")
        let spanish = try parent.insertVocabulary("Spanish")
        let word = try parent.insertWord("gato", in: german)
        try parent.save()
        parent.reset()  // the parent holds nothing loaded now
        parent.undoManager = ObjectGraphUndoManager()

        let child = ManagedObjectContext(parent: parent)
        let childWord = try #require(try child.existingObject(with: word.objectID) as? Word)
        childWord.vocabulary = try #require(try child.existingObject(with: spanish.objectID) as? Vocabulary)
        try child.save()

        let parentWord = try #require(try parent.existingObject(with: word.objectID) as? Word)
        let parentGerman = try #require(try parent.existingObject(with: german.objectID) as? Vocabulary)
        #expect(parentWord.vocabulary?.name == "Spanish")
        #expect(parentWord.vocabulary?.words == [parentWord] && parentGerman.words.isEmpty)
        parent.undo()  // the child's save is one undoable change in the parent
        #expect(parentWord.vocabulary === parentGerman && parentGerman.words == [parentWord])
    }

    @Test func aChildsValidationFailureLeavesTheParentAlone() throws {
        let stack = try TestStack(model: vocabularyModel, type: .inMemory)
        let child = ManagedObjectContext(parent: stack.context)
        _ = try child.insert(Word.self)  // "word" is required
        #expect(throws: ObjectGraphError.self) { try child.save() }
        #expect(!stack.context.hasChanges)
        child.rollback()
        #expect(!child.hasChanges && !stack.context.hasChanges)
    }
}
