import Foundation
import Testing

@testable import ObjectGraph

/// Changing one side of a relationship leaves the other side's to-many unloaded when that
/// side writes nothing, and reading it later still shows the unsaved change.
@Suite struct UnloadedInverseTests {
    /// A stored tag on two details, read back in a fresh context (its `details` not loaded).
    private func storedTag(type: PersistentStoreType) throws -> (TestStack, ManagedObject, [ManagedObject]) {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let tag = try stack.context.insertObject(entityName: "Tag")
        tag.setValue("shared", forKey: "name")
        for _ in 0..<2 { try stack.context.insertObject(entityName: "FailedBankDetails").add(tag, to: "tags") }
        try stack.context.save()
        try stack.reopen()
        let storedTag = try #require(fetchAll("Tag", in: stack.context).first)
        return (stack, storedTag, try fetchAll("FailedBankDetails", in: stack.context))
    }

    private func isUnloaded(_ object: ManagedObject, _ key: String) -> Bool {
        guard let index = object.entity.relationshipIndexes[key], case .unloadedToMany = object.slots[index] else {
            return false
        }
        return true
    }

    @Test(arguments: allStoreTypes)
    func addingFromTheOwningSideLeavesTheOtherSideUnloaded(type: PersistentStoreType) throws {
        let (stack, tag, details) = try storedTag(type: type)
        let added = try stack.context.insertObject(entityName: "FailedBankDetails")
        added.add(tag, to: "tags")
        details[0].remove(tag, from: "tags")
        #expect(isUnloaded(tag, "details"))
        // Read now: the store's two members with this context's changes applied.
        #expect(tag.objects(forKey: "details", as: ManagedObject.self) == [added, details[1]])
        try stack.context.save()
        try stack.reopen()
        let reread = try #require(fetchAll("Tag", in: stack.context).first)
        #expect(reread.objects(forKey: "details", as: ManagedObject.self).count == 2)
    }

    @Test(arguments: allStoreTypes)
    func aDeletedMemberLeavesAnUnloadedToManyOnceRead(type: PersistentStoreType) throws {
        let (stack, tag, details) = try storedTag(type: type)
        #expect(isUnloaded(tag, "details"))
        stack.context.delete(details[0])  // its tags relationship nullifies
        #expect(isUnloaded(tag, "details"))
        #expect(tag.objects(forKey: "details", as: ManagedObject.self) == [details[1]])
    }

    @Test func aToOneChangeShowsInTheUnloadedToManyOnceRead() throws {
        let stack = try TestStack(model: photoDiaryModel, type: .sqlite)
        let entries = try (0..<2).map { number -> DiaryEntry in
            let entry = try stack.context.insert(DiaryEntry.self)
            entry.text = "entry \(number)"
            return entry
        }
        let medium = try stack.context.insert(ImageMedium.self)
        medium.diaryEntry = entries[0]
        try stack.context.save()
        try stack.reopen()
        let stored = try stack.context.fetch(
            FetchRequest(
                DiaryEntry.self, entityName: "DiaryEntry",
                sortOrderings: [SortOrdering("text")]))
        let storedMedium = try #require(try fetchAll("Medium", in: stack.context).first as? ImageMedium)
        storedMedium.diaryEntry = stored[1]
        #expect(isUnloaded(stored[0], "media"))
        #expect(stored[0].media.isEmpty)
        #expect(stored[1].media == [storedMedium])
        #expect(stored[0].hasChanges)  // both sides count as changed, as with a loaded to-many
    }
}
