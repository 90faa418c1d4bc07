import Foundation
import Testing

@testable import ObjectGraph

/// A store of `type` with notes `a` (text "one", 1 star) and `b`, read by `mine`; `theirs`
/// is another context over the same store.
private struct Refreshing {
    let stack: TestStack
    let mine: ManagedObjectContext
    let theirs: ManagedObjectContext
    let a: ManagedObject
    let b: ManagedObject

    init(_ type: PersistentStoreType) throws {
        stack = try TestStack(model: noteModel, type: type)
        for (name, stars) in [("a", 1), ("b", 2)] {
            let note = try stack.context.insertObject(entityName: "Note")
            note["name"] = name
            note["text"] = "one"
            note["stars"] = Int64(stars)
        }
        try stack.context.save()
        mine = stack.newContext()
        theirs = stack.newContext()
        let notes = try fetchAll("Note", in: mine, sortedBy: "name")
        a = notes[0]
        b = notes[1]
        _ = (a.value(forKey: "text"), b.value(forKey: "text"))
    }

    /// Sets `text` and `stars` of note `name` in the other context and saves.
    func theySet(_ name: String, text: String, stars: Int64) throws {
        let note = try #require(try fetchAll("Note", in: theirs).first { $0.value(forKey: "name") as? String == name })
        note["text"] = text
        note["stars"] = stars
        try theirs.save()
    }
}

@Suite("Refreshing objects")
struct RefreshTests {
    @Test(
        "refresh without merging discards pending changes and makes a fault that reads the stored row",
        arguments: allStoreTypes)
    func refreshDiscarding(type: PersistentStoreType) throws {
        let s = try Refreshing(type)
        s.a["text"] = "mine"
        try s.theySet("a", text: "theirs", stars: 7)
        s.mine.refresh(s.a, mergeChanges: false)
        #expect(s.a.isFault)
        #expect(!s.a.hasChanges && !s.mine.hasChanges)
        #expect(s.a.value(forKey: "text") as? String == "theirs")
        #expect(s.a.value(forKey: "stars") as? Int64 == 7)
        s.a["stars"] = 8
        try s.mine.save()
        #expect(
            try fetchAll("Note", in: s.stack.newContext(), sortedBy: "name").first?.value(forKey: "stars") as? Int64
                == 8)
    }

    @Test("refresh without merging also drops a pending delete", arguments: allStoreTypes)
    func refreshDiscardsDelete(type: PersistentStoreType) throws {
        let s = try Refreshing(type)
        s.mine.delete(s.b)
        #expect(s.mine.hasChanges)
        s.mine.refresh(s.b, mergeChanges: false)
        #expect(!s.b.isDeleted && !s.mine.hasChanges)
        try s.mine.save()
        #expect(try fetchAll("Note", in: s.stack.newContext()).count == 2)
    }

    @Test(
        "refresh merging keeps pending changes over the fresh stored values, and the save does not conflict",
        arguments: allStoreTypes)
    func refreshMerging(type: PersistentStoreType) throws {
        let s = try Refreshing(type)
        s.a["stars"] = 4
        try s.theySet("a", text: "theirs", stars: 9)
        s.mine.refresh(s.a, mergeChanges: true)
        #expect(s.a.value(forKey: "text") as? String == "theirs")
        #expect(s.a.value(forKey: "stars") as? Int64 == 4)
        #expect(s.a.hasChanges && s.a.changedValues().keys.sorted() == ["stars"])
        s.mine.mergePolicy = .error
        try s.mine.save()
        let stored = try #require(try fetchAll("Note", in: s.stack.newContext(), sortedBy: "name").first)
        #expect(stored.value(forKey: "text") as? String == "theirs" && stored.value(forKey: "stars") as? Int64 == 4)
    }

    @Test("refresh merging an object without changes makes it a fault", arguments: allStoreTypes)
    func refreshMergingUnchanged(type: PersistentStoreType) throws {
        let s = try Refreshing(type)
        try s.theySet("b", text: "theirs", stars: 5)
        #expect(s.b.value(forKey: "text") as? String == "one")
        s.mine.refresh(s.b, mergeChanges: true)
        #expect(s.b.isFault)
        #expect(s.b.value(forKey: "text") as? String == "theirs")
    }

    @Test("refreshAllObjects refreshes every registered object and keeps pending changes", arguments: allStoreTypes)
    func refreshAll(type: PersistentStoreType) throws {
        let s = try Refreshing(type)
        s.a["text"] = "mine"
        try s.theySet("a", text: "theirs", stars: 3)
        try s.theySet("b", text: "theirs too", stars: 6)
        s.mine.refreshAllObjects()
        #expect(s.a.value(forKey: "text") as? String == "mine")
        #expect(s.a.value(forKey: "stars") as? Int64 == 3)
        #expect(s.b.value(forKey: "text") as? String == "theirs too")
        #expect(s.b.value(forKey: "stars") as? Int64 == 6)
        #expect(s.mine.updatedObjects == [s.a])
        try s.mine.save()
    }
}
