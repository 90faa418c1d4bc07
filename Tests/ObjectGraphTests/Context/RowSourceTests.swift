import Foundation
import Testing

@testable import ObjectGraph

/// Where contexts read rows: a child context reads its parent as a ``RowSource`` only, never
/// as a persistent store; a context over the coordinator reads the store itself.
@Suite struct RowSourceTests {
    @Test(arguments: allStoreTypes)
    func aChildReadsItsParentAsARowSourceThatIsNoStore(type: PersistentStoreType) throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        let parent = stack.context
        let german = try parent.insertVocabulary("German")
        try parent.save()
        german.name = "Deutsch"  // unsaved in the parent
        let spanish = try parent.insertVocabulary("Spanish")  // inserted, unsaved

        let child = ManagedObjectContext(parent: parent)
        let source = try child.rowSource()
        let parentRows = try #require(source as? ParentContextRowSource)
        #expect(parentRows.parent === parent)
        #expect(!(source is any PersistentStore))
        #expect(try parent.rowSource() is any StoreBackend)
        #expect(stack.coordinator.persistentStores.count == 1)

        // The rows are the parent's objects as they are now, unsaved changes and inserts included.
        let entity = try #require(stack.model.entity(named: "Vocabulary"))
        let nameIndex = try #require(entity.allAttributes.firstIndex { $0.name == "name" })
        #expect(try source.row(for: german.objectID)?.attributes[nameIndex] == .string("Deutsch"))
        #expect(try source.row(for: spanish.objectID)?.objectID == spanish.objectID)
        let everything = StoreFetch(
            entity: entity, includesSubentities: true, predicate: nil,
            sortOrderings: [SortOrdering("name")], limit: nil, offset: 0)
        var names: [StoredValue] = []
        try source.fetch(everything) { names.append($0.attributes[nameIndex]) }
        #expect(names == [.string("Deutsch"), .string("Spanish")])
        parent.delete(german)
        #expect(try source.count(everything) == 1)
        #expect(try source.row(for: german.objectID) == nil)

        // A grandchild reads the child, not the parent or the store.
        let grandchild = ManagedObjectContext(parent: child)
        #expect(try #require(try grandchild.rowSource() as? ParentContextRowSource).parent === child)
    }

    @Test func oneSQLiteStoreServesReadsAndWritesFromSeveralTasksAtOnce() async throws {
        let stack = try TestStack(model: fourLinesModel, type: .sqlite)
        let coordinator = stack.coordinator
        // The store itself crosses into the tasks: it is `Sendable` as the compiler checks it.
        let store = try #require(coordinator.persistentStores.first as? SQLiteStore)
        let entity = try #require(fourLinesModel.entity(named: "Line"))
        let (writers, linesEach) = (4, 25)
        let all = StoreFetch(
            entity: entity, includesSubentities: false, predicate: nil, sortOrderings: [],
            limit: nil, offset: 0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let context = ManagedObjectContext(coordinator: coordinator)
                    for number in 0..<linesEach {
                        let line = try context.insertObject(entityName: "Line")
                        line.setValue(writer * linesEach + number, forKey: "lineNum")
                        line.setValue("line \(writer * linesEach + number)", forKey: "lineText")
                        try context.save()
                    }
                }
            }
            for _ in 0..<writers {
                group.addTask {
                    var seen = 0
                    while seen < writers * linesEach {
                        let counted = try store.count(all)
                        var rows: [StoreRow] = []
                        try store.fetch(all) { rows.append($0) }
                        // Whole rows only, and never fewer than a read before saw.
                        #expect(counted >= seen && rows.count >= counted)
                        for row in rows {
                            guard case .integer(let number) = row.attributes[0] else {
                                Issue.record("a row without its number: \(row.attributes)")
                                return
                            }
                            #expect(row.attributes[1] == .string("line \(number)"))
                        }
                        let again = try store.rows(for: rows.map(\.objectID))
                        #expect(again.count == rows.count)
                        seen = rows.count
                        try Task.checkCancellation()
                        await Task.yield()
                    }
                }
            }
            try await group.waitForAll()
        }
        var numbers: [Int64] = []
        try store.fetch(all) { row in if case .integer(let number) = row.attributes[0] { numbers.append(number) } }
        #expect(numbers.sorted() == (0..<Int64(writers * linesEach)).map { $0 })
    }
}
