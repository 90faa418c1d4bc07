import Foundation
import Testing

@testable import ObjectGraph

@Suite struct UndoTests {
    /// A stack whose context records undo, with one saved vocabulary.
    private func makeStack(_ type: PersistentStoreType = .inMemory) throws -> (TestStack, Vocabulary) {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let vocabulary = try stack.context.insertVocabulary("German")
        try stack.context.save()
        stack.context.undoManager = ObjectGraphUndoManager()
        return (stack, vocabulary)
    }

    @Test func attributeChangesUndoAndRedoOnePerEvent() throws {
        let (stack, vocabulary) = try makeStack()
        let context = stack.context
        vocabulary.name = "Deutsch"
        context.processPendingChanges()
        vocabulary.name = "Allemand"
        vocabulary.name = "Tedesco"  // same event: one group with the change before
        #expect(context.undoManager?.canUndo == true)

        context.undo()
        #expect(vocabulary.name == "Deutsch")
        #expect(context.hasChanges)
        context.undo()
        #expect(vocabulary.name == "German")
        #expect(!context.hasChanges)  // back to the saved state
        #expect(context.undoManager?.canUndo == false)

        context.redo()
        #expect(vocabulary.name == "Deutsch")
        #expect(context.updatedObjects == [vocabulary])
        context.redo()
        #expect(vocabulary.name == "Tedesco")
        #expect(context.undoManager?.canRedo == false)
    }

    @Test func aNewChangeClearsRedo() throws {
        let (stack, vocabulary) = try makeStack()
        vocabulary.name = "Deutsch"
        stack.context.undo()
        #expect(stack.context.undoManager?.canRedo == true)
        vocabulary.name = "Alemán"
        #expect(stack.context.undoManager?.canRedo == false)
    }

    @Test func insertUndoRemovesTheObjectAndItsInverse() throws {
        let (stack, vocabulary) = try makeStack()
        let context = stack.context
        let word = try context.insertWord("Hund", in: vocabulary)
        #expect(vocabulary.words == [word])

        context.undo()
        #expect(context.insertedObjects.isEmpty)
        #expect(word.managedObjectContext == nil)
        #expect(vocabulary.words.isEmpty)
        #expect(!context.hasChanges)

        context.redo()
        #expect(context.insertedObjects == [word])
        #expect(word.vocabulary === vocabulary && word.word == "Hund")
        #expect(vocabulary.words == [word])
        try context.save()
        #expect(try stack.newContext().count(for: FetchRequest(entityName: "Word")) == 1)
    }

    @Test func relationshipChangesPutBothSidesBack() throws {
        let (stack, german) = try makeStack()
        let context = stack.context
        context.undoManager?.disableUndoRegistration()
        let spanish = try context.insertVocabulary("Spanish")
        let word = try context.insertWord("Hund", in: german)
        try context.save()
        context.undoManager?.enableUndoRegistration()

        word.vocabulary = spanish  // three objects change: word, german.words, spanish.words
        #expect(german.words.isEmpty && spanish.words == [word])
        context.undo()
        #expect(word.vocabulary === german)
        #expect(german.words == [word])
        #expect(spanish.words.isEmpty)
        #expect(!context.hasChanges)
        context.redo()
        #expect(word.vocabulary === spanish && spanish.words == [word] && german.words.isEmpty)
        try context.save()
        let fresh = stack.newContext()
        let stored = try #require(try fresh.fetch(FetchRequest(Word.self, entityName: "Word")).first)
        #expect(stored.vocabulary?.name == "Spanish")
    }

    @Test(arguments: [PersistentStoreType.inMemory, .sqlite])
    func deleteWithCascadeUndoesEvenAfterSaving(type: PersistentStoreType) throws {
        let stack = try TestStack(model: deleteRulesModel, type: type)
        let context = stack.context
        let owner = try context.insertObject(entityName: "Owner")
        owner.setValue("owner", forKey: "name")
        let item = try context.insertObject(entityName: "Item")
        item.setValue("item", forKey: "name")
        owner.add(item, to: "cascaded")
        try context.save()
        context.undoManager = ObjectGraphUndoManager()

        context.delete(owner)
        #expect(item.isDeleted)
        context.undo()
        #expect(!owner.isDeleted && !item.isDeleted)
        #expect(context.deletedObjects.isEmpty && !context.hasChanges)
        #expect(owner.objects(forKey: "cascaded") == [item])

        context.redo()
        try context.save()  // the deletes are written
        #expect(try stack.newContext().count(for: FetchRequest(entityName: "Item")) == 0)
        context.undo()  // and come back as new rows
        #expect(owner.isInserted && item.isInserted)
        #expect(item.value(forKey: "cascadeOwner") as? ManagedObject === owner)
        try context.save()
        let fresh = stack.newContext()
        let items = try fetchAll("Item", in: fresh)
        #expect(items.count == 1)
        #expect(
            (items.first?.value(forKey: "cascadeOwner") as? ManagedObject)?.value(forKey: "name") as? String == "owner")
    }

    @Test func explicitGroupsAndLevels() throws {
        let (stack, vocabulary) = try makeStack()
        let context = stack.context
        let manager = try #require(context.undoManager)
        manager.levelsOfUndo = 2
        try context.undoGroup(named: "Add words") {
            for text in ["eins", "zwei"] {
                try context.insertWord(text, in: vocabulary)
                context.processPendingChanges()  // inside an explicit group: no new group
            }
        }
        #expect(manager.undoActionName == "Add words")
        vocabulary.name = "A"
        context.processPendingChanges()
        vocabulary.name = "B"
        context.processPendingChanges()  // three groups, two kept
        context.undo()
        context.undo()
        #expect(vocabulary.name == "German")
        #expect(vocabulary.words.count == 2)  // the oldest group fell off the stack
        #expect(!manager.canUndo)

        let words = vocabulary.words
        manager.levelsOfUndo = 0
        vocabulary.name = "C"
        context.processPendingChanges()
        context.undoGroup { for word in words { context.delete(word) } }
        context.undo()
        #expect(vocabulary.words == words && vocabulary.name == "C")
    }

    @Test func undoPostsObjectsDidChange() throws {
        let (stack, vocabulary) = try makeStack()
        let context = stack.context
        vocabulary.name = "Deutsch"
        context.processPendingChanges()
        var updated: [ManagedObject] = []
        context.addObserver { event in
            if case .objectsDidChange(let changes) = event { updated += changes.updated }
        }
        context.undo()
        #expect(updated == [vocabulary])
    }

    @Test func rollbackAndResetForgetTheUndoStack() throws {
        let (stack, vocabulary) = try makeStack(.sqlite)
        let context = stack.context
        vocabulary.name = "Deutsch"
        context.rollback()
        #expect(vocabulary.name == "German")
        #expect(context.undoManager?.canUndo == false)
        context.undo()  // nothing to undo: still the saved state
        #expect(vocabulary.name == "German" && !context.hasChanges)

        let word = try context.insert(Word.self)
        word.word = "Hund"
        context.reset()
        #expect(context.undoManager?.canUndo == false)
        #expect(context.registeredObjects.isEmpty)
    }

    @Test func contextsWithoutAnUndoManagerRecordNothing() throws {
        let stack = try TestStack(model: vocabularyModel, type: .inMemory)
        let vocabulary = try stack.context.insert(Vocabulary.self)
        vocabulary.name = "German"
        stack.context.undo()
        #expect(vocabulary.name == "German" && stack.context.insertedObjects == [vocabulary])
    }
}
