import Foundation
import Testing

@testable import ObjectGraph

@Suite struct RelationshipTests {
    @Test(arguments: allStoreTypes)
    func inversesStayInStepAtOnce(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "one"
        let other = try stack.context.insert(DiaryEntry.self)
        other.text = "two"
        let medium = try stack.context.insert(ImageMedium.self)
        medium.setValue(entry, forKey: "diaryEntry")
        #expect(entry.media == [medium])
        medium.diaryEntry = other
        #expect(entry.media.isEmpty)
        #expect(other.media == [medium])
        entry.add(medium, to: "media")
        #expect(medium.diaryEntry === entry)
        #expect(other.media.isEmpty)
        entry.remove(medium, from: "media")
        #expect(medium.diaryEntry == nil)
        entry.setValue(Set([medium]), forKey: "media")
        #expect(medium.diaryEntry === entry)
        try stack.context.save()

        try stack.reopen()
        let stored = try stack.context.fetch(
            FetchRequest(DiaryEntry.self, entityName: "DiaryEntry", sortOrderings: [SortOrdering("text")]))
        #expect(stored.map(\.text) == ["one", "two"])
        #expect(stored[0].media.count == 1)
        #expect(stored[1].media.isEmpty)
        #expect(stored[0].media.first?.diaryEntry === stored[0])
    }

    @Test(arguments: allStoreTypes)
    func relationshipTargetsAreFaultsAndToManyLoadsOnFirstAccess(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let vocabulary = try stack.context.insert(Vocabulary.self)
        vocabulary.name = "Italian"
        for text in ["ciao", "grazie"] {
            let word = try stack.context.insert(Word.self)
            word.word = text
            word.vocabulary = vocabulary
        }
        try stack.context.save()
        try stack.reopen()
        let words = try stack.context.fetch(
            FetchRequest(Word.self, entityName: "Word", sortOrderings: [SortOrdering("word")]))
        #expect(stack.context.registeredObjects.count == 2)
        let target = try #require(words[0].vocabulary)
        #expect(target.isFault)
        #expect(target === words[1].vocabulary)  // uniquing: one object per row
        #expect(target.name == "Italian")
        #expect(!target.isFault)
        #expect(target.words == Set(words))
    }

    @Test(arguments: allStoreTypes)
    func manyToManyKeepsBothSides(type: PersistentStoreType) throws {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let details = try (0..<2).map { _ in try stack.context.insertObject(entityName: "FailedBankDetails") }
        let tag = try stack.context.insertObject(entityName: "Tag")
        tag.setValue("shared", forKey: "name")
        for item in details { item.add(tag, to: "tags") }
        #expect(tag.objects(forKey: "details") == Set(details))
        try stack.context.save()
        try stack.reopen()
        let storedTag = try #require(fetchAll("Tag", in: stack.context).first)
        #expect(storedTag.objects(forKey: "details").count == 2)
        if type == .sqlite, let url = stack.storeURL {
            #expect(try sqliteRows("SELECT count(*) FROM Z_FailedBankDetails_tags", at: url) == [["2"]])
        }
    }
}
