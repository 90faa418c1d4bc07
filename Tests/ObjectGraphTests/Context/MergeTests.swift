import Foundation
import Testing

@testable import ObjectGraph

/// Independent contexts on one coordinator (one per editor) merging each other's saves.
@Suite struct MergeTests {
    /// Two contexts on one coordinator that both read the saved note; `summaries` collects the second's did-saves.
    private final class Siblings {
        let stack: TestStack
        let mine: ManagedObjectContext
        let theirs: ManagedObjectContext
        let myNote: ManagedObject
        let theirNote: ManagedObject
        var summaries: [SaveSummary] = []

        init(type: PersistentStoreType = .sqlite) throws {
            stack = try TestStack(model: noteModel, type: type)
            let note = try stack.context.insertObject(entityName: "Note")
            note.setValue("n", forKey: "name")
            note.setValue("original", forKey: "text")
            try stack.context.save()
            mine = stack.newContext()
            theirs = stack.newContext()
            myNote = try mine.existingObject(with: note.objectID)
            theirNote = try theirs.existingObject(with: note.objectID)
            theirs.addObserver { [unowned self] event in
                if case .didSave(let summary) = event { self.summaries.append(summary) }
            }
        }

        func storedText() throws -> String? {
            try stack.newContext().existingObject(with: myNote.objectID).value(forKey: "text") as? String
        }
    }

    @Test(arguments: allStoreTypes)
    func editsThatDoNotClashAreKept(type: PersistentStoreType) throws {
        let siblings = try Siblings(type: type)
        siblings.theirNote.setValue(5, forKey: "stars")
        try siblings.theirs.save()
        siblings.myNote.setValue("mine", forKey: "text")

        var updated: [ManagedObject] = []
        siblings.mine.addObserver { event in
            if case .objectsDidChange(let changes) = event { updated += changes.updated }
        }
        siblings.mine.mergeChanges(fromContextDidSave: try #require(siblings.summaries.last))
        #expect(updated == [siblings.myNote])
        #expect(siblings.myNote.value(forKey: "stars") as? Int64 == 5)
        #expect(siblings.myNote.value(forKey: "text") as? String == "mine")
        #expect(siblings.mine.updatedObjects == [siblings.myNote])
        try siblings.mine.save()  // no conflict: the merge brought the new version
        let stored = try siblings.stack.newContext().existingObject(with: siblings.myNote.objectID)
        #expect(stored.value(forKey: "text") as? String == "mine" && stored.value(forKey: "stars") as? Int64 == 5)
    }

    /// Core Data's merge is a refresh keeping the local changes: a key edited on both sides keeps
    /// mine, and the save writes it, as after `refresh(_:mergeChanges: true)` (the two agree).
    @Test func aClashKeepsMyEditAndTheSaveWritesIt() throws {
        for merge in ["merge", "refresh"] {
            let siblings = try Siblings()
            siblings.theirNote.setValue("theirs", forKey: "text")
            try siblings.theirs.save()
            siblings.myNote.setValue("mine", forKey: "text")
            if merge == "merge" {
                siblings.mine.mergeChanges(fromContextDidSave: try #require(siblings.summaries.last))
            } else {
                siblings.mine.refresh(siblings.myNote, mergeChanges: true)
            }
            #expect(siblings.myNote.value(forKey: "text") as? String == "mine", "\(merge)")
            try siblings.mine.save()
            #expect(try siblings.storedText() == "mine", "\(merge)")
        }
    }

    /// Without a merge this context has not seen the other save: the save still reports the clash.
    @Test func aClashNotMergedIsReportedBySave() throws {
        let siblings = try Siblings()
        siblings.theirNote.setValue("theirs", forKey: "text")
        try siblings.theirs.save()
        siblings.myNote.setValue("mine", forKey: "text")
        #expect(throws: ConcurrencyError.self) { try siblings.mine.save() }
        #expect(try siblings.storedText() == "theirs")
    }

    @Test func anObserverCanMergeEveryEventOfASibling() throws {
        let siblings = try Siblings()
        let mine = siblings.mine
        siblings.theirs.addObserver { mine.mergeChanges(fromContextDidSave: $0) }
        siblings.theirNote.setValue("theirs", forKey: "text")
        siblings.theirs.processPendingChanges()  // an objects-did-change event: nothing merged
        #expect(siblings.myNote.value(forKey: "text") as? String == "original")
        try siblings.theirs.save()
        #expect(siblings.myNote.value(forKey: "text") as? String == "theirs")
    }

    @Test func aClashUnderStoreTrumpsTakesTheirValueAtOnce() throws {
        let siblings = try Siblings()
        siblings.theirNote.setValue("theirs", forKey: "text")
        try siblings.theirs.save()
        siblings.mine.mergePolicy = .storeTrumps
        siblings.myNote.setValue("mine", forKey: "text")
        siblings.myNote.setValue(3, forKey: "stars")
        siblings.mine.mergeChanges(fromContextDidSave: try #require(siblings.summaries.last))
        #expect(siblings.myNote.value(forKey: "text") as? String == "theirs")
        #expect(siblings.myNote.value(forKey: "stars") as? Int64 == 3)
        try siblings.mine.save()
        #expect(try siblings.storedText() == "theirs")
    }

    @Test func deletedObjectsLeaveAndInsertedOnesBecomeKnown() throws {
        let siblings = try Siblings()
        siblings.theirs.delete(siblings.theirNote)
        let added = try siblings.theirs.insertObject(entityName: "Note")
        added.setValue("new", forKey: "name")
        try siblings.theirs.save()

        var changes: [ObjectChanges] = []
        siblings.mine.addObserver { event in
            if case .objectsDidChange(let change) = event { changes.append(change) }
        }
        siblings.mine.mergeChanges(fromContextDidSave: try #require(siblings.summaries.last))
        #expect(siblings.myNote.managedObjectContext == nil)
        #expect(!siblings.mine.registeredObjects.contains(siblings.myNote))
        #expect(changes.first?.deleted == [siblings.myNote])
        #expect(changes.first?.inserted.map(\.objectID) == [added.objectID])
        #expect(try fetchAll("Note", in: siblings.mine).map { $0.value(forKey: "name") as? String } == ["new"])
    }

    @Test func automaticMergingBringsSiblingSavesInAtTheNextFetch() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let vocabulary = try stack.context.insertVocabulary("German")
        try stack.context.insertWord("Hund", in: vocabulary)
        try stack.context.save()

        let mine = stack.newContext()
        mine.automaticallyMergesChangesFromParent = true
        let myVocabulary = try #require(try mine.fetch(FetchRequest(Vocabulary.self, entityName: "Vocabulary")).first)
        #expect(myVocabulary.words.count == 1)

        let theirs = stack.newContext()
        let theirVocabulary = try theirs.existingObject(with: vocabulary.objectID)
        theirVocabulary.setValue("Deutsch", forKey: "name")
        try theirs.insertWord("Katze", in: theirVocabulary as? Vocabulary)
        try theirs.save()

        #expect(myVocabulary.name == "German")  // not yet: merged on this context's own task
        _ = try mine.count(for: FetchRequest(entityName: "Word"))
        #expect(myVocabulary.name == "Deutsch")
        #expect(Set(myVocabulary.words.compactMap(\.word)) == ["Hund", "Katze"])

        mine.automaticallyMergesChangesFromParent = false
        theirVocabulary.setValue("Allemand", forKey: "name")
        try theirs.save()
        mine.mergePendingChanges()
        #expect(myVocabulary.name == "Deutsch")
    }
}
