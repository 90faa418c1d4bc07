import Foundation
import Testing

@testable import ObjectGraph

@Suite struct FetchTests {
    private func seed(_ stack: TestStack) throws {
        for (number, text) in [(3, "c"), (1, "a"), (4, "d"), (2, "b")] {
            let line = try stack.context.insertObject(entityName: "Line")
            line.setValue(number, forKey: "lineNum")
            line.setValue(text, forKey: "lineText")
        }
        try stack.context.save()
        try stack.reopen()
    }

    private func texts(_ objects: [ManagedObject]) -> [String?] { objects.map { $0["lineText", as: String.self] } }

    @Test(arguments: allStoreTypes)
    func filtersSortsAndPages(type: PersistentStoreType) throws {
        let stack = try TestStack(model: fourLinesModel, type: type)
        try seed(stack)
        var request = FetchRequest(entityName: "Line", sortOrderings: [SortOrdering("lineNum", ascending: false)])
        #expect(texts(try stack.context.fetch(request)) == ["d", "c", "b", "a"])
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(texts(try stack.context.fetch(request)) == ["c", "b"])
        #expect(try stack.context.count(for: request) == 2)
        request = FetchRequest(
            entityName: "Line", predicate: .and([.equals("lineNum", .integer(2)), .equals("lineText", .string("b"))]))
        #expect(texts(try stack.context.fetch(request)) == ["b"])
        request.predicate = .equals("lineText", .null)
        #expect(try stack.context.fetch(request).isEmpty)
        request.predicate = .equals("nope", .integer(1))
        #expect(throws: (any Error).self) { try stack.context.fetch(request) }
    }

    @Test(arguments: allStoreTypes)
    func fetchesSeeUnsavedChanges(type: PersistentStoreType) throws {
        let stack = try TestStack(model: fourLinesModel, type: type)
        try seed(stack)
        let context = stack.context
        let all = try fetchAll("Line", in: context, sortedBy: "lineNum")
        context.delete(all[0])  // "a" gone
        all[1].setValue("z", forKey: "lineText")  // "b" becomes "z"
        let added = try context.insertObject(entityName: "Line")
        added.setValue(5, forKey: "lineNum")
        added.setValue("e", forKey: "lineText")
        let sorted = FetchRequest(entityName: "Line", sortOrderings: [SortOrdering("lineText")])
        #expect(texts(try context.fetch(sorted)) == ["c", "d", "e", "z"])
        #expect(try context.count(for: FetchRequest(entityName: "Line")) == 4)
        #expect(
            try context.fetch(FetchRequest(entityName: "Line", predicate: .equals("lineText", .string("b")))).isEmpty)
        #expect(
            try context.fetch(FetchRequest(entityName: "Line", predicate: .equals("lineText", .string("z")))) == [
                all[1]
            ])
        #expect(
            try context.fetch(FetchRequest(entityName: "Line", predicate: .equals("lineText", .string("e")))) == [added]
        )
        var paged = sorted
        paged.fetchLimit = 1
        paged.fetchOffset = 2
        #expect(texts(try context.fetch(paged)) == ["e"])
    }

    @Test(arguments: allStoreTypes)
    func parentFetchesReturnSubEntityObjects(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "x"
        let image = try stack.context.insert(ImageMedium.self)
        image.width = 640
        image.diaryEntry = entry
        try stack.context.save()
        try stack.reopen()
        let media = try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium"))
        #expect(media.count == 1)
        #expect((media.first as? ImageMedium)?.width == 640)
        var exact = FetchRequest(Medium.self, entityName: "Medium")
        exact.includesSubentities = false
        #expect(try stack.context.fetch(exact).isEmpty)
        let byRelationship = FetchRequest(
            entityName: "Medium", predicate: .equals("diaryEntry", .object(media[0].diaryEntry!.objectID)))
        #expect(try stack.context.count(for: byRelationship) == 1)
    }

    @Test(arguments: allStoreTypes)
    func faultsLoadOnFirstAccess(type: PersistentStoreType) throws {
        let stack = try TestStack(model: fourLinesModel, type: type)
        try seed(stack)
        var request = FetchRequest(entityName: "Line", sortOrderings: [SortOrdering("lineNum")])
        request.returnsObjectsAsFaults = true
        let lines = try stack.context.fetch(request)
        #expect(lines.allSatisfy { $0.isFault })
        #expect(lines[0]["lineText", as: String.self] == "a")
        #expect(!lines[0].isFault && lines[1].isFault)
    }
}

@Suite struct FormatPredicateFetchTests {
    @Test(arguments: allStoreTypes)
    func formatPredicatesRunInTheStoreAndOnUnsavedObjects(type: PersistentStoreType) throws {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let context = stack.context
        let fraud = try context.insertObject(entityName: "Tag")
        fraud.setValue("fraud", forKey: "name")
        for zip in [10, 20, 30] {
            let details = try context.insertObject(entityName: "FailedBankDetails")
            details.setValue(zip, forKey: "zip")
            if zip != 20 { details.add(fraud, to: "tags") }
        }
        try context.save()
        try stack.reopen()

        let tagged = FetchRequest(
            entityName: "FailedBankDetails", predicate: try FetchPredicate(format: "ANY tags.name == %@", "fraud"),
            sortOrderings: [SortOrdering("zip")])
        #expect(try stack.context.fetch(tagged).map { $0["zip", as: Int32.self] } == [10, 30])
        let ranged = FetchRequest(
            entityName: "FailedBankDetails",
            predicate: try FetchPredicate(format: "zip BETWEEN {15, 35} AND tags.@count == 0"))
        #expect(try stack.context.fetch(ranged).map { $0["zip", as: Int32.self] } == [20])

        // Unsaved changes are judged in memory with the same semantics.
        let middle = try #require(try stack.context.fetch(ranged).first)
        let storedFraud = try #require(fetchAll("Tag", in: stack.context).first)
        middle.add(storedFraud, to: "tags")
        #expect(try stack.context.count(for: tagged) == 3)
        #expect(try stack.context.fetch(ranged).isEmpty)

        // An unsaved object as an argument matches no stored row, and does match unsaved ones.
        let newTag = try stack.context.insertObject(entityName: "Tag")
        newTag.setValue("new", forKey: "name")
        let byTag = FetchRequest(
            entityName: "FailedBankDetails", predicate: try FetchPredicate(format: "ANY tags == %@", newTag))
        #expect(try stack.context.fetch(byTag).isEmpty)
        middle.add(newTag, to: "tags")
        #expect(try stack.context.fetch(byTag) == [middle])
    }
}
