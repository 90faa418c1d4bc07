import Foundation
import Synchronization
import Testing

@testable import ObjectGraph

/// Keeps every change report a controller sends.
private final class ChangeRecorder: FetchedResultsControllerDelegate {
    var reports: [FetchedResultsChanges] = []

    func controllerDidChangeContent(_ changes: FetchedResultsChanges) { reports.append(changes) }

    /// The last report's object changes of `kind` as (title, old, new).
    func last(_ kind: FetchedResultsChanges.Kind) -> [(String?, SectionIndexPath?, SectionIndexPath?)] {
        (reports.last?.changes(kind) ?? []).map {
            ($0.object["title", as: String.self], $0.oldIndexPath, $0.newIndexPath)
        }
    }
}

private let derivations = Atomic<Int>(0)

@Suite struct FetchedResultsControllerTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A UTC instant on 2026-03-`day` at `hour`:`minute`. Berlin moves from CET (+1) to CEST (+2)
    /// at 01:00 UTC on 2026-03-29.
    private func utc(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute))!
    }

    private func names<R>(_ controller: FetchedResultsController<R>) -> [String] { controller.sections.map(\.name) }

    private func layout<R>(_ controller: FetchedResultsController<R>) -> [[String?]] {
        controller.sections.map { titles($0.objects) }
    }

    private func dayController(_ context: ManagedObjectContext) throws -> FetchedResultsController<ManagedObject> {
        let request = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("creationTime")])
        return try FetchedResultsController(
            fetchRequest: request, context: context, sectionKey: .localDay(of: "creationTime", in: berlin))
    }

    @Test(arguments: allStoreTypes)
    func sectionsByLocalDayAcrossTheDaylightSavingChange(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        try insertEntry(stack.context, title: "late on the 28th", at: utc(28, 22, 30))  // 23:30 CET, 28th
        try insertEntry(stack.context, title: "just after midnight", at: utc(28, 23, 30))  // 00:30 CET, 29th
        try insertEntry(stack.context, title: "late on the 29th", at: utc(29, 21, 30))  // 23:30 CEST, 29th
        // 00:30 CEST, 30th (23:30 in CET).
        try insertEntry(stack.context, title: "after summer midnight", at: utc(29, 22, 30))
        try stack.context.save()
        try stack.reopen()
        let controller = try dayController(stack.context)
        try controller.performFetch()
        #expect(names(controller) == ["2026-03-28", "2026-03-29", "2026-03-30"])
        #expect(
            layout(controller) == [
                ["late on the 28th"], ["just after midnight", "late on the 29th"], ["after summer midnight"]
            ])
        #expect(controller.sections.map(\.numberOfObjects) == [1, 2, 1])
        let second = try #require(controller.object(at: SectionIndexPath(item: 1, section: 1)))
        #expect(second["title", as: String.self] == "late on the 29th")
        #expect(controller.indexPath(for: second) == SectionIndexPath(item: 1, section: 1))
        #expect(controller.object(at: SectionIndexPath(item: 2, section: 1)) == nil)
        #expect(controller.fetchedObjects.count == 4)
    }

    @Test(arguments: allStoreTypes)
    func reportsInsertsDeletesMovesAndUpdatesAcrossSections(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        let context = stack.context
        let first = try insertEntry(context, title: "t1", at: utc(28, 22, 30))  // 28th
        let second = try insertEntry(context, title: "t2", at: utc(28, 23, 30))  // 29th
        let third = try insertEntry(context, title: "t3", at: utc(29, 21, 30))  // 29th
        try insertEntry(context, title: "t4", at: utc(29, 22, 30))  // 30th
        try context.save()
        let controller = try dayController(context)
        let recorder = ChangeRecorder()
        controller.delegate = recorder
        try controller.performFetch()

        // An insert on a new day: the section appears.
        try insertEntry(context, title: "t5", at: utc(30, 23, 30))  // 01:30 CEST, 31st
        context.processPendingChanges()
        #expect(recorder.reports.count == 1)
        #expect(recorder.reports.last?.insertedSections == [.init(name: "2026-03-31", index: 3)])
        #expect(recorder.last(.insert).map(\.0) == ["t5"])
        #expect(recorder.last(.insert).first?.2 == SectionIndexPath(item: 0, section: 3))

        // Deleting the only entry of a day: the section vanishes.
        context.delete(first)
        context.processPendingChanges()
        #expect(recorder.reports.last?.deletedSections == [.init(name: "2026-03-28", index: 0)])
        #expect(recorder.last(.delete).map(\.0) == ["t1"])
        #expect(recorder.last(.delete).first?.1 == SectionIndexPath(item: 0, section: 0))

        // A later time on another day: a move across sections.
        third.setValue(utc(30, 20), forKey: "creationTime")  // 22:00 CEST, 30th, after t4
        context.processPendingChanges()
        #expect(recorder.last(.move).map(\.0) == ["t3"])
        #expect(recorder.last(.move).first?.1 == SectionIndexPath(item: 1, section: 0))
        #expect(recorder.last(.move).first?.2 == SectionIndexPath(item: 1, section: 1))
        #expect(recorder.reports.last?.insertedSections.isEmpty == true)
        #expect(layout(controller) == [["t2"], ["t4", "t3"], ["t5"]])

        // A change that keeps the order: an update in place.
        second.setValue("t2 edited", forKey: "title")
        context.processPendingChanges()
        #expect(recorder.last(.update).map(\.0) == ["t2 edited"])
        #expect(recorder.last(.update).first?.2 == SectionIndexPath(item: 0, section: 0))

        // Through a save: the last entry of the 29th moves away and its section goes with it.
        let reportsBefore = recorder.reports.count
        second.setValue(utc(31, 8), forKey: "creationTime")
        try context.save()
        #expect(recorder.reports.count == reportsBefore + 1)
        #expect(recorder.reports.last?.deletedSections == [.init(name: "2026-03-29", index: 0)])
        #expect(recorder.last(.move).map(\.0) == ["t2 edited"])
        #expect(recorder.last(.move).first?.2 == SectionIndexPath(item: 1, section: 1))
        #expect(names(controller) == ["2026-03-30", "2026-03-31"])
        #expect(layout(controller) == [["t4", "t3"], ["t5", "t2 edited"]])

        // A change batch that touches nothing shown reports nothing.
        let tag = try context.insertObject(entityName: "Tag")
        tag.setValue("unrelated", forKey: "name")
        try context.save()
        #expect(recorder.reports.count == reportsBefore + 1)
    }

    @Test(arguments: allStoreTypes)
    func objectsThatStartOrStopMatchingComeAndGo(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        let context = stack.context
        let good = try insertEntry(context, title: "good", rating: 5, at: utc(1, 12))
        let bad = try insertEntry(context, title: "bad", rating: 1, at: utc(2, 12))
        try context.save()
        let request = FetchRequest(
            entityName: "Entry", predicate: try FetchPredicate(format: "rating >= 3"),
            sortOrderings: [SortOrdering("mood"), SortOrdering("title")])
        let controller = try FetchedResultsController(
            fetchRequest: request, context: context, sectionNameKeyPath: "mood")
        let recorder = ChangeRecorder()
        controller.delegate = recorder
        try controller.performFetch()
        #expect(layout(controller) == [["good"]])
        #expect(names(controller) == [""])
        bad.setValue(4 as Int64, forKey: "rating")
        good.setValue(2 as Int64, forKey: "rating")
        try context.save()
        #expect(recorder.last(.insert).map(\.0) == ["bad"])
        #expect(recorder.last(.delete).map(\.0) == ["good"])
        bad.setValue("happy", forKey: "mood")
        context.processPendingChanges()
        #expect(recorder.reports.last?.insertedSections == [.init(name: "happy", index: 0)])
        #expect(recorder.reports.last?.deletedSections == [.init(name: "", index: 0)])
        #expect(names(controller) == ["happy"])
    }

    @Test(arguments: allStoreTypes)
    func anInsertChangedAfterItWasAnnouncedIsPlacedAgainOnSave(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        let context = stack.context
        try insertEntry(context, title: "t1", at: utc(28, 12))
        try context.save()
        let controller = try dayController(context)
        let recorder = ChangeRecorder()
        controller.delegate = recorder
        try controller.performFetch()
        let draft = try insertEntry(context, title: "draft", at: utc(27, 12))
        context.processPendingChanges()
        #expect(layout(controller) == [["draft"], ["t1"]])
        // Changes to an unsaved insert are not announced on their own; the save places it again.
        draft.setValue(utc(29, 12), forKey: "creationTime")
        try context.save()
        #expect(layout(controller) == [["t1"], ["draft"]])
        #expect(recorder.reports.last?.deletedSections == [.init(name: "2026-03-27", index: 0)])
        #expect(recorder.reports.last?.insertedSections == [.init(name: "2026-03-29", index: 1)])
        #expect(recorder.last(.move).map(\.0) == ["draft"])
    }

    @Test func theFirstSortKeyMustOrderTheSections() throws {
        let stack = try TestStack(model: queryModel, type: .inMemory)
        let byTitle = FetchRequest(
            entityName: "Entry", sortOrderings: [SortOrdering("title"), SortOrdering("creationTime")])
        #expect(
            throws: FetchedResultsControllerError.firstSortKeyMustOrderSections(
                sectionKey: "creationTime", firstSortKey: "title")
        ) {
            try FetchedResultsController(
                fetchRequest: byTitle, context: stack.context, sectionKey: .localDay(of: "creationTime"))
        }
        #expect(
            throws: FetchedResultsControllerError.firstSortKeyMustOrderSections(sectionKey: "mood", firstSortKey: nil)
        ) {
            try FetchedResultsController(
                fetchRequest: FetchRequest(entityName: "Entry"), context: stack.context, sectionNameKeyPath: "mood")
        }
        // A section function that does not keep the sort order is caught when fetching.
        for rating in [1, 2, 3] as [Int64] { try insertEntry(stack.context, rating: rating) }
        let byRating = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("rating")])
        let parity = try FetchedResultsController(
            fetchRequest: byRating, context: stack.context,
            sectionKey: .derived(from: "rating") { value in
                if case .integer(let number) = value, number % 2 == 0 { "even" } else { "odd" }
            })
        #expect(throws: FetchedResultsControllerError.sectionsNotContiguous(section: "odd")) {
            try parity.performFetch()
        }
    }

    @Test func controllersOfOneCacheNameShareSectionNames() throws {
        let stack = try TestStack(model: queryModel, type: .inMemory)
        for day in 1...3 { try insertEntry(stack.context, at: utc(day, 12)) }
        try stack.context.save()
        let key = SectionKey.derived(from: "creationTime") { value in
            derivations.add(1, ordering: .relaxed)
            if case .date(let date) = value { return String(Int(date.timeIntervalSince1970) / 86_400) }
            return ""
        }
        let request = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("creationTime")])
        let start = derivations.load(ordering: .relaxed)
        let cacheName = "days-\(UUID().uuidString)"
        try FetchedResultsController(
            fetchRequest: request, context: stack.context, sectionKey: key, cacheName: cacheName
        ).performFetch()
        #expect(derivations.load(ordering: .relaxed) - start == 3)
        let again = try FetchedResultsController(
            fetchRequest: request, context: stack.context, sectionKey: key, cacheName: cacheName)
        try again.performFetch()
        #expect(derivations.load(ordering: .relaxed) - start == 3)
        #expect(again.sections.count == 3)
        FetchedResultsController<ManagedObject>.deleteCache(named: cacheName)
        try FetchedResultsController(
            fetchRequest: request, context: stack.context, sectionKey: key, cacheName: cacheName
        ).performFetch()
        #expect(derivations.load(ordering: .relaxed) - start == 6)
    }
}
