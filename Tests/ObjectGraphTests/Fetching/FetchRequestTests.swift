import Foundation
import Testing

@testable import ObjectGraph

@Suite struct FetchRequestTests {
    /// Two journals, five entries with media and tags, saved and reopened.
    /// A fresh store of `type` with the seed data, saved and reopened.
    private func seeded(_ type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: queryModel, type: type)
        try seed(stack)
        return stack
    }

    private func seed(_ stack: TestStack) throws {
        let context = stack.context
        let work = try context.insertObject(entityName: "Journal")
        work.setValue("Work", forKey: "name")
        let home = try context.insertObject(entityName: "Journal")
        home.setValue("home", forKey: "name")
        let red = try context.insertObject(entityName: "Tag")
        red.setValue("red", forKey: "name")
        let blue = try context.insertObject(entityName: "Tag")
        blue.setValue("blue", forKey: "name")
        let rows: [(String, String, Int64, ManagedObject)] = [
            ("b", "Émile", 3, work), ("a", "zoe", 1, home), ("e", "adam", 5, work), ("c", "Zack", 2, home),
            ("d", "eve", 4, work)
        ]
        for (index, (title, mood, rating, journal)) in rows.enumerated() {
            let entry = try insertEntry(
                context, title: title, mood: mood, rating: rating,
                at: Date(timeIntervalSince1970: Double(index) * 1000), journal: journal)
            for number in 0..<Int(rating) {
                let media = try context.insertObject(entityName: "Media")
                media.setValue("\(title)\(number)", forKey: "name")
                entry.add(media, to: "media")
            }
            entry.add(rating % 2 == 0 ? red : blue, to: "tags")
            if rating == 5 { entry.add(red, to: "tags") }
        }
        try context.save()
        try stack.reopen()
    }

    @Test(arguments: allStoreTypes)
    func sortsByKeyPathsThroughToOneAndFoldsCase(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        // Journal name first ("Work" < "home" in code points), then rating descending.
        var request = FetchRequest(
            entityName: "Entry", sortOrderings: [SortOrdering("journal.name"), SortOrdering("rating", ascending: false)]
        )
        #expect(titles(try stack.context.fetch(request)) == ["e", "d", "b", "c", "a"])
        // Folded, "home" comes before "Work".
        request.sortOrderings = [.caseInsensitive("journal.name"), SortOrdering("rating")]
        #expect(titles(try stack.context.fetch(request)) == ["a", "c", "b", "d", "e"])
        // Moods: plain order puts capitals and accents apart; folded they sort as words.
        request.sortOrderings = [SortOrdering("mood")]
        #expect(titles(try stack.context.fetch(request)) == ["c", "e", "d", "a", "b"])
        request.sortOrderings = [.caseInsensitive("mood", ignoringDiacritics: true)]
        #expect(titles(try stack.context.fetch(request)) == ["e", "b", "d", "c", "a"])
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(titles(try stack.context.fetch(request)) == ["b", "d"])
        request.sortOrderings = [SortOrdering("media.name")]
        #expect(throws: ObjectGraphError.self) { try stack.context.fetch(request) }
    }

    @Test(arguments: allStoreTypes)
    func sortingSeesUnsavedChangesThroughKeyPaths(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        let context = stack.context
        let request = FetchRequest(
            entityName: "Entry", sortOrderings: [.caseInsensitive("journal.name"), SortOrdering("rating")])
        let a = try #require(try context.fetch(request).first)
        let added = try insertEntry(context, title: "f", rating: 0, journal: a["journal"])
        a.setValue(9 as Int64, forKey: "rating")
        #expect(titles(try context.fetch(request)) == ["f", "c", "a", "b", "d", "e"])
        #expect(try context.fetchObjectIDs(request).first == added.objectID)
    }

    @Test(arguments: allStoreTypes)
    func returnsIDsDictionariesAndCounts(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        var request = FetchRequest(
            entityName: "Entry", predicate: try FetchPredicate(format: "rating >= 3"),
            sortOrderings: [SortOrdering("rating")])
        let ids = try stack.context.fetchObjectIDs(request)
        #expect(ids.count == 3)
        #expect(stack.context.registeredObjects.isEmpty)
        #expect(ids.map { stack.context.object(with: $0)["title", as: String.self] } == ["b", "d", "e"])
        request.propertiesToFetch = ["title", "rating", "journal"]
        let rows = try stack.context.fetchDictionaries(request)
        #expect(rows.map { $0["title"] } == [.string("b"), .string("d"), .string("e")])
        #expect(rows.map { $0["rating"] } == [.integer(3), .integer(4), .integer(5)])
        #expect(
            rows.allSatisfy { if case .object(let id)? = $0["journal"] { id.entityName == "Journal" } else { false } })
        #expect(rows.allSatisfy { $0["mood"] == nil })
        #expect(try stack.context.count(for: request) == 3)
        request.propertiesToFetch = ["media"]
        #expect(throws: FetchRequestError.unknownProperty(entity: "Entry", key: "media")) {
            try stack.context.fetchDictionaries(request)
        }
    }

    @Test(arguments: allStoreTypes)
    func batchedFetchesFillOneBatchAtATime(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        var request = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("title")])
        request.fetchBatchSize = 2
        let (entries, fetchStatements) = try stack.coordinator.countingStatements { try stack.context.fetch(request) }
        #expect(entries.count == 5)
        #expect(entries.allSatisfy { $0.isFault })
        let (first, fillStatements) = stack.coordinator.countingStatements { entries[0]["title", as: String.self] }
        #expect(first == "a")
        #expect(entries.map(\.isFault) == [false, false, true, true, true])
        #expect(titles(entries) == ["a", "b", "c", "d", "e"])
        if type == .sqlite {
            #expect(fetchStatements == 1)
            #expect(fillStatements == 1)
        }
    }

    @Test(arguments: allStoreTypes)
    func prefetchingLoadsRelationshipsWithConstantQueries(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        func load(ratingAtLeast rating: Int64) throws -> (media: Int, tags: Int, journals: Set<String>, statements: Int)
        {
            try stack.reopen()
            var request = FetchRequest(
                entityName: "Entry",
                predicate: .comparison(
                    PredicateComparison(
                        .keyPath(["rating"]), .greaterOrEqual, .constant(.integer(rating)))))
            request.relationshipKeyPathsForPrefetching = ["media", "tags", "journal"]
            let (entries, statements) = try stack.coordinator.countingStatements { try stack.context.fetch(request) }
            // Everything is in memory now: reading it runs no statement.
            let (counts, after) = stack.coordinator.countingStatements {
                (
                    entries.map { $0.objects(forKey: "media").filter { !$0.isFault }.count }.reduce(0, +),
                    entries.map { $0.objects(forKey: "tags").filter { !$0.isFault }.count }.reduce(0, +),
                    Set(
                        entries.compactMap {
                            ($0["journal"] as ManagedObject?).flatMap { $0.isFault ? nil : $0["name", as: String.self] }
                        })
                )
            }
            #expect(after == 0)
            return (counts.0, counts.1, counts.2, statements)
        }
        let few = try load(ratingAtLeast: 4)
        let all = try load(ratingAtLeast: 1)
        #expect(few.media == 9 && few.tags == 3 && few.journals == ["Work"])
        #expect(all.media == 15 && all.tags == 6 && all.journals == ["Work", "home"])
        #expect(few.statements == all.statements)
        // The entries, their media, their tags (a many-to-many: the pairs of keys, then each tag
        // once) and their journals.
        if type == .sqlite { #expect(all.statements == 5) }
        var request = FetchRequest(entityName: "Entry")
        request.relationshipKeyPathsForPrefetching = ["nothing"]
        #expect(throws: FetchRequestError.self) { try stack.context.fetch(request) }
    }

    @Test(arguments: allStoreTypes)
    func prefetchingKeepsUnsavedRelationshipChanges(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        let context = stack.context
        let e = try #require(
            try context.fetch(FetchRequest(entityName: "Entry", predicate: .equals("title", .string("e")))).first)
        let extra = try context.insertObject(entityName: "Media")
        e.add(extra, to: "media")
        var request = FetchRequest(entityName: "Entry", predicate: .equals("title", .string("e")))
        request.relationshipKeyPathsForPrefetching = ["media.entry"]
        let fetched = try context.fetch(request)
        #expect(fetched == [e])
        #expect(e.objects(forKey: "media").count == 6)
        #expect(e.objects(forKey: "media").contains(extra))
    }
}
