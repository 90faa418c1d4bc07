import Foundation
import Testing

@testable import ObjectGraph

/// A relationship never points at an object of another context: the assignment is refused at
/// once, neither context changes, and the next save says why instead of storing NULL.
@Suite struct WrongContextTests {
    /// A stored entry and a stored medium, the entry fetched in `stack.context` and the medium
    /// fetched in a second context.
    private func entryAndForeignMedium(
        type: PersistentStoreType
    )
        throws -> (TestStack, DiaryEntry, ManagedObjectContext, ImageMedium)
    {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        try stack.context.insert(DiaryEntry.self).text = "mine"
        try stack.context.insert(ImageMedium.self).fileName = "theirs.jpg"
        try stack.context.save()
        try stack.reopen()
        let entry = try #require(try fetchAll("DiaryEntry", in: stack.context).first as? DiaryEntry)
        let other = stack.newContext()
        let medium = try #require(try fetchAll("Medium", in: other).first as? ImageMedium)
        return (stack, entry, other, medium)
    }

    private func isWrongContext(_ error: any Error, _ id: ObjectID) -> Bool {
        guard case ObjectGraphError.wrongContext(let named) = error else { return false }
        return named == id
    }

    @Test(arguments: allStoreTypes)
    func aToOneToAnotherContextsObjectIsRefused(type: PersistentStoreType) throws {
        let (stack, entry, other, medium) = try entryAndForeignMedium(type: type)
        medium.diaryEntry = entry
        #expect(medium.diaryEntry == nil)
        #expect(entry.media.isEmpty)
        #expect(!other.hasChanges)
        #expect(!stack.context.hasChanges)
        #expect { try other.save() } throws: { isWrongContext($0, entry.objectID) }
        // Set again to an object of its own context, the refusal is forgotten.
        medium.diaryEntry = try #require(other.object(with: entry.objectID) as? DiaryEntry)
        try other.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Medium", in: stack.context).first as? ImageMedium)
        #expect(stored.diaryEntry?.text == "mine")
    }

    @Test(arguments: allStoreTypes)
    func addingAnotherContextsObjectToAToManyIsRefused(type: PersistentStoreType) throws {
        let (stack, entry, other, medium) = try entryAndForeignMedium(type: type)
        entry.add(medium, to: "media")
        #expect(entry.media.isEmpty)
        #expect(medium.diaryEntry == nil)
        #expect(!other.hasChanges)
        #expect { try stack.context.save() } throws: { isWrongContext($0, medium.objectID) }
        stack.context.rollback()
        try stack.context.save()
    }

    @Test(arguments: allStoreTypes)
    func aSetHoldingAnotherContextsObjectIsRefusedWhole(type: PersistentStoreType) throws {
        let (stack, entry, other, medium) = try entryAndForeignMedium(type: type)
        let mine = try #require(try fetchAll("Medium", in: stack.context).first as? ImageMedium)
        entry.setValue(Set<ManagedObject>([mine, medium]), forKey: "media")
        #expect(entry.media.isEmpty)
        #expect(mine.diaryEntry == nil)
        #expect(!other.hasChanges)
        #expect { try stack.context.save() } throws: { isWrongContext($0, medium.objectID) }
        try stack.reopen()
        let stored = try #require(try fetchAll("DiaryEntry", in: stack.context).first as? DiaryEntry)
        #expect(stored.media.isEmpty)
    }
}
