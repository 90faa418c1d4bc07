import Foundation
import Testing

@testable import ObjectGraph

// A fetched or just-saved object shares its values with its committed values until one
// changes (`ManagedObject.committedIsValues`); every way a value changes must first give the
// committed values their own copy, or the change would rewrite what was loaded.

@Suite("Committed values")
struct CommittedValuesTests {
    /// A note saved as "n"/"loaded", then fetched in a new context (as a fault holding its row).
    private func fetchedNote(type: PersistentStoreType) throws -> (TestStack, ManagedObject, ManagedObjectContext) {
        let stack = try TestStack(model: noteModel, type: type)
        let note = try stack.context.insertObject(entityName: "Note")
        note["name"] = "n"
        note["text"] = "loaded"
        try stack.context.save()
        let reader = stack.newContext()
        let fetched = try #require(fetchAll("Note", in: reader).first)
        return (stack, fetched, reader)
    }

    @Test("changing a fetched object, fault or not, leaves its committed values as loaded", arguments: allStoreTypes)
    func fetchedObjectKeepsItsLoadedValues(type: PersistentStoreType) throws {
        let (stack, note, context) = try fetchedNote(type: type)
        #expect(note.isFault)
        note["text"] = "changed"  // fires the fault, then changes it
        #expect(note.committedValues(forKeys: ["text"])["text"] as? String == "loaded")
        #expect(note.changedValues()["text"] as? String == "changed")
        note.setPrimitiveValue(Int64(5), forKey: "stars")
        #expect(note.committedValues(forKeys: ["stars"])["stars"] as? Int64 == 0)
        context.rollback()
        #expect(note["text", as: String.self] == "loaded")
        #expect(note["stars", as: Int64.self] == 0)
        #expect(!context.hasChanges)
        withExtendedLifetime(stack) {}  // the store's folder stays until the end
    }

    @Test(
        "after a save the saved values are the committed ones, and a later change keeps them", arguments: allStoreTypes)
    func savedValuesBecomeCommitted(type: PersistentStoreType) throws {
        let (stack, note, context) = try fetchedNote(type: type)
        note["text"] = "saved"
        try context.save()
        #expect(note.committedValues(forKeys: ["text"])["text"] as? String == "saved")
        note["text"] = "draft"
        #expect(note.committedValues(forKeys: ["text"])["text"] as? String == "saved")
        #expect(Set(note.changedValues().keys) == ["text"])
        try context.save()
        #expect(note.committedValues(forKeys: ["text"])["text"] as? String == "draft")
        withExtendedLifetime(stack) {}  // the store's folder stays until the end
    }

    @Test("undoing a change to a fetched object restores the loaded value, and its committed value never moved")
    func undoOnAFetchedObject() throws {
        let (stack, note, context) = try fetchedNote(type: .sqlite)
        context.undoManager = ObjectGraphUndoManager()
        note["text"] = "changed"
        context.undo()
        #expect(note["text", as: String.self] == "loaded")
        #expect(note.committedValues(forKeys: ["text"])["text"] as? String == "loaded")
        #expect(!note.hasChanges)
        withExtendedLifetime(stack) {}  // the store's folder stays until the end
    }

    @Test(
        "a child context's save makes its values the parent's committed ones without moving the child's later changes")
    func childSaveCommitsInTheParent() throws {
        let (stack, note, parent) = try fetchedNote(type: .sqlite)
        let child = ManagedObjectContext(parent: parent)
        let childNote = child.object(with: note.objectID)
        childNote["text"] = "from child"
        try child.save()
        #expect(note["text", as: String.self] == "from child")
        #expect(note.committedValues(forKeys: ["text"])["text"] as? String == "loaded")  // not yet in the store
        childNote["text"] = "child draft"
        #expect(childNote.committedValues(forKeys: ["text"])["text"] as? String == "from child")
        #expect(note["text", as: String.self] == "from child")
        withExtendedLifetime(stack) {}  // the store's folder stays until the end
    }
}
