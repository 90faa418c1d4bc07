import CSQLite
import Foundation
import Testing

@testable import ObjectGraph

@Suite struct PrefetchTests {
    /// Two entries with media (of a sub-entity) and one without, saved and read back fresh.
    private func storedEntries(type: PersistentStoreType) throws -> (TestStack, [DiaryEntry]) {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        for (text, count) in [("a", 2), ("b", 0), ("c", 1)] {
            let entry = try stack.context.insert(DiaryEntry.self)
            entry.text = text
            for index in 0..<count {
                let medium = try stack.context.insert(ImageMedium.self)
                medium.setValue("\(text)\(index).jpg", forKey: "fileName")
                medium.diaryEntry = entry
            }
        }
        try stack.context.save()
        try stack.reopen()
        let entries = try stack.context.fetch(
            FetchRequest(
                DiaryEntry.self, entityName: "DiaryEntry",
                sortOrderings: [SortOrdering("text")]))
        return (stack, entries)
    }

    @Test(arguments: allStoreTypes)
    func prefetchLoadsEveryObjectsMembersWithTheirValues(type: PersistentStoreType) throws {
        let (stack, entries) = try storedEntries(type: type)
        try stack.context.prefetch("media", of: entries)
        let names = entries.map { entry in
            entry.media.map { medium -> String in
                #expect(!medium.isFault)
                #expect(medium.diaryEntry === entry)
                return medium.value(forKey: "fileName") as? String ?? "?"
            }.sorted()
        }
        #expect(names == [["a0.jpg", "a1.jpg"], [], ["c0.jpg"]])
    }

    @Test func prefetchedMembersDoNotGoBackToTheStore() throws {
        let (stack, entries) = try storedEntries(type: .sqlite)
        try stack.context.prefetch("media", of: entries)
        // Rows removed behind the context's back: a lazy load now would find none.
        let url = try #require(stack.storeURL)
        _ = try sqliteWrite("DELETE FROM Medium", at: url)
        #expect(entries.map(\.media.count) == [2, 0, 1])
    }

    @Test func prefetchIsOneQueryForEveryObjectsMembers() throws {
        let (stack, entries) = try storedEntries(type: .sqlite)
        let (_, statements) = try stack.coordinator.recordingStatements {
            try stack.context.prefetch("media", of: entries)
        }
        // Every member row of every entry in one SELECT; the entries' keys bound as one JSON list.
        #expect(
            statements == [
                """
                SELECT t0."Z_PK", t0."Z_ENT", t0."Z_OPT", t0."fileName", t0."data", t0."data_sha256", t0."data_size", \
                t0."diaryEntry", t0."width", t0."diaryEntry" FROM "Medium" AS t0 \
                WHERE t0."diaryEntry" IN (SELECT value FROM json_each(?)) ORDER BY t0."Z_PK"
                """
            ])
    }

    /// Three bank details (zip 0, 1, 2) and two tags, red on details 0 and 1 and blue on 1,
    /// saved and read back fresh, in zip and name order.
    private func storedDetailsAndTags(type: PersistentStoreType) throws -> (TestStack, [ManagedObject], [ManagedObject])
    {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let details = try (0..<3).map { _ in try stack.context.insertObject(entityName: "FailedBankDetails") }
        for (index, detail) in details.enumerated() { detail.setValue(Int32(index), forKey: "zip") }
        for (name, holders) in [("red", [0, 1]), ("blue", [1])] {
            let tag = try stack.context.insertObject(entityName: "Tag")
            tag.setValue(name, forKey: "name")
            for index in holders { details[index].add(tag, to: "tags") }
        }
        try stack.context.save()
        try stack.reopen()
        return (
            stack, try fetchAll("FailedBankDetails", in: stack.context, sortedBy: "zip"),
            try fetchAll("Tag", in: stack.context, sortedBy: "name")
        )
    }

    @Test(arguments: allStoreTypes)
    func prefetchReadsManyToManyFromEitherSide(type: PersistentStoreType) throws {
        let (stack, stored, tags) = try storedDetailsAndTags(type: type)
        try stack.context.prefetch("tags", of: stored)
        try stack.context.prefetch("details", of: tags)
        let counts = stored.map { $0.objects(forKey: "tags", as: ManagedObject.self).count }.sorted()
        #expect(counts == [0, 1, 2])
        #expect(tags.map { $0.objects(forKey: "details", as: ManagedObject.self).count } == [1, 2])
    }

    @Test func prefetchKeepsALoadedRelationshipsUnsavedChanges() throws {
        let (stack, entries) = try storedEntries(type: .sqlite)
        let added = try stack.context.insert(ImageMedium.self)
        added.diaryEntry = entries[1]
        try stack.context.prefetch("media", of: entries)
        #expect(entries[1].media == [added])
        #expect(entries[0].media.count == 2)
    }

    // MARK: Counting members without loading them

    @Test(arguments: allStoreTypes)
    func memberCountsMatchTheMembersWithoutLoadingThem(type: PersistentStoreType) throws {
        let (stack, entries) = try storedEntries(type: type)
        let registeredBefore = stack.context.registeredObjects.count
        #expect(try stack.context.memberCounts(of: "media", for: entries) == [2, 0, 1])
        #expect(stack.context.registeredObjects.count == registeredBefore)
        #expect(entries.map(\.media.count) == [2, 0, 1])
    }

    @Test func memberCountsComeFromTheStoreInOneQuery() throws {
        let (stack, entries) = try storedEntries(type: .sqlite)
        let (counts, statements) = try stack.coordinator.countingStatements {
            try stack.context.memberCounts(of: "media", for: entries)
        }
        #expect(counts == [2, 0, 1])
        #expect(statements == 1)
        let (_, recorded) = try stack.coordinator.recordingStatements {
            try stack.context.memberCounts(of: "media", for: entries)
        }
        #expect(
            recorded == [
                """
                SELECT t0."diaryEntry", count(*) FROM "Medium" AS t0 \
                WHERE t0."diaryEntry" IN (SELECT value FROM json_each(?)) GROUP BY 1
                """
            ])
    }

    @Test(arguments: allStoreTypes)
    func memberCountsOfAManyToManyFromEitherSide(type: PersistentStoreType) throws {
        let (stack, stored, tags) = try storedDetailsAndTags(type: type)
        #expect(try stack.context.memberCounts(of: "tags", for: stored) == [1, 2, 0])
        #expect(try stack.context.memberCounts(of: "details", for: tags) == [1, 2])
    }

    @Test(arguments: allStoreTypes)
    func memberCountsIncludeUnsavedChanges(type: PersistentStoreType) throws {
        let (stack, entries) = try storedEntries(type: type)
        let added = try stack.context.insert(ImageMedium.self)
        added.diaryEntry = entries[1]
        #expect(try stack.context.memberCounts(of: "media", for: entries) == [2, 1, 1])
        stack.context.delete(added)
        try stack.context.save()
        // An unsaved delete of a member whose owner's relationship is not loaded counts too.
        let (other, stored) = try storedEntries(type: type)
        let media = try fetchAll("ImageMedium", in: other.context, sortedBy: "fileName")
        other.context.delete(try #require(media.last))  // c0.jpg, of the third entry
        let counts = try other.context.memberCounts(of: "media", for: stored)
        #expect(counts == [2, 0, 0])
        #expect(counts == stored.map(\.media.count))
        let loaded = entries[0].media.count
        #expect(try stack.context.memberCounts(of: "media", for: entries) == [loaded, 0, 1])
    }

    @Test func memberCountsRefuseAKeyThatIsNotAToMany() throws {
        let (stack, entries) = try storedEntries(type: .inMemory)
        #expect(throws: FetchRequestError.unknownProperty(entity: "DiaryEntry", key: "text")) {
            try stack.context.memberCounts(of: "text", for: entries)
        }
        #expect(throws: FetchRequestError.self) { try stack.context.memberCounts(of: "nothing", for: entries) }
    }
}
