import Foundation
import Testing

@testable import ObjectGraph

/// Tasks with a required title, a flag, a bounded priority, a transient scratch value and an owner.
let taskModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Task",
        attributes: [
            AttributeDescription("title", .string, isOptional: false),
            AttributeDescription("done", .boolean),
            AttributeDescription("priority", .integer16, minValue: 0, maxValue: 5),
            AttributeDescription("scratch", .string, isTransient: true)
        ],
        relationships: [
            RelationshipDescription("owner", destination: "Person", inverse: "tasks")
        ]),
    EntityDescription(
        "Person", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription("tasks", destination: "Task", inverse: "owner", isToMany: true)
        ])
])

@Suite struct BatchUpdateTests {
    /// Tasks a, b, c with priorities 1, 2, 3, none done.
    private func stackWithTasks(
        _ type: PersistentStoreType,
        options: PersistentStoreOptions = PersistentStoreOptions()
    ) throws -> TestStack {
        let stack = try TestStack(model: taskModel, type: type, options: options)
        for (title, priority) in [("a", 1), ("b", 2), ("c", 3)] {
            let task = try stack.context.insertObject(entityName: "Task")
            task["title"] = title
            task["done"] = false
            task["priority"] = Int16(priority)
        }
        try stack.context.save()
        return stack
    }

    /// Title, done and priority of every stored task, read by a fresh context.
    private func storedTasks(_ stack: TestStack) throws -> [String] {
        try fetchAll("Task", in: stack.newContext(), sortedBy: "title").map { task in
            "\(task["title", as: String.self] ?? "-") \(task["done", as: Bool.self] ?? false) \(task["priority", as: Int16.self] ?? -1)"
        }
    }

    private var doneAndUrgent: [String: PredicateValue] { ["done": .bool(true), "priority": .integer(5)] }

    @Test(arguments: allStoreTypes)
    func updatesOnlyTheMatchedRowsAndReturnsTheirIDs(type: PersistentStoreType) throws {
        let stack = try stackWithTasks(type)
        let tasks = try fetchAll("Task", in: stack.context, sortedBy: "title")
        var request = BatchUpdateRequest(
            entityName: "Task", predicate: try FetchPredicate(format: "priority >= %@", 2),
            propertiesToUpdate: doneAndUrgent)
        request.resultType = .objectIDs
        let result = try stack.context.execute(request)
        #expect(result.count == 2)
        #expect(Set(result.objectIDs ?? []) == [tasks[1].objectID, tasks[2].objectID])
        #expect(try storedTasks(stack) == ["a false 1", "b true 5", "c true 5"])
        try stack.reopen()
        #expect(try storedTasks(stack) == ["a false 1", "b true 5", "c true 5"])
    }

    @Test(arguments: allStoreTypes)
    func aCountResultCarriesNoIDs(type: PersistentStoreType) throws {
        let stack = try stackWithTasks(type)
        let fresh = stack.newContext()
        let result = try fresh.execute(
            BatchUpdateRequest(
                entityName: "Task", predicate: .equals("title", .string("a")),
                propertiesToUpdate: ["priority": .integer(0)]))
        #expect(result == BatchUpdateResult(count: 1, objectIDs: nil))
        let none = try fresh.execute(
            BatchUpdateRequest(
                entityName: "Task", predicate: .equals("title", .string("z")),
                propertiesToUpdate: ["priority": .integer(0)]))
        #expect(none.count == 0)
        #expect(try storedTasks(stack) == ["a false 0", "b false 2", "c false 3"])
    }

    @Test(arguments: allStoreTypes)
    func aRefusedRequestChangesNothing(type: PersistentStoreType) throws {
        let stack = try stackWithTasks(type)
        let task = try #require(try fetchAll("Task", in: stack.context, sortedBy: "title").first)
        func refused(_ values: [String: PredicateValue], _ check: (any Error) -> Bool) {
            #expect {
                try stack.context.execute(BatchUpdateRequest(entityName: "Task", propertiesToUpdate: values))
            } throws: { check($0) }
        }
        refused(["owner": .null]) { $0 as? BatchUpdateError == .relationship(entity: "Task", key: "owner") }
        refused(["scratch": .string("x")]) {
            $0 as? BatchUpdateError == .transientAttribute(entity: "Task", key: "scratch")
        }
        refused(["colour": .string("red")]) {
            guard case ObjectGraphError.unknownKey(entity: "Task", key: "colour") = $0 else { return false }
            return true
        }
        refused([:]) { $0 as? BatchUpdateError == .nothingToUpdate(entity: "Task") }
        refused(["title": .null]) {
            $0 as? BatchUpdateError == .invalidValue(entity: "Task", key: "title", rule: "is required")
        }
        refused(["priority": .string("high"), "done": .bool(true)]) {
            guard case BatchUpdateError.invalidValue(entity: "Task", key: "priority", _) = $0 else { return false }
            return true
        }
        refused(["priority": .integer(40_000)]) {
            guard case BatchUpdateError.invalidValue(entity: "Task", key: "priority", _) = $0 else { return false }
            return true
        }
        refused(["priority": .integer(9)]) {
            $0 as? BatchUpdateError == .invalidValue(entity: "Task", key: "priority", rule: "must be at most 5")
        }
        #expect(try storedTasks(stack) == ["a false 1", "b false 2", "c false 3"])
        // No row's version moved: the object read before saves without a conflict.
        task["title"] = "a2"
        try stack.context.save()
        try stack.reopen()
        #expect(try storedTasks(stack) == ["a2 false 1", "b false 2", "c false 3"])
    }

    @Test(arguments: allStoreTypes)
    func registeredObjectsSeeTheNewValuesAndStaleEditsConflict(type: PersistentStoreType) throws {
        let stack = try stackWithTasks(type)
        let tasks = try fetchAll("Task", in: stack.context, sortedBy: "title")
        let other = stack.newContext()
        let stale = try fetchAll("Task", in: other, sortedBy: "title")
        var changed: [ManagedObject] = []
        let token = stack.context.addObserver { event in
            if case .objectsDidChange(let changes) = event { changed += changes.updated }
        }
        defer { stack.context.removeObserver(token) }

        try stack.context.execute(
            BatchUpdateRequest(
                entityName: "Task", predicate: .equals("title", .string("b")),
                propertiesToUpdate: doneAndUrgent))
        #expect(tasks.map { $0["done", as: Bool.self] } == [false, true, false])
        #expect(tasks[1]["priority", as: Int16.self] == 5)
        #expect(changed == [tasks[1]])
        #expect(!stack.context.hasChanges)
        // The version moved: a context that read the row before cannot overwrite the update unseen.
        stale[1]["title"] = "b2"
        #expect(throws: (any Error).self) { try other.save() }
        // This context can.
        tasks[1]["title"] = "b3"
        try stack.context.save()
        #expect(try storedTasks(stack) == ["a false 1", "b3 true 5", "c false 3"])
    }

    @Test(arguments: allStoreTypes)
    func theHistoryRecordsTheUpdate(type: PersistentStoreType) throws {
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = true
        let stack = try stackWithTasks(type, options: options)
        let fresh = stack.newContext()
        fresh.transactionAuthor = "cleaner"
        let ids = try fetchAll("Task", in: stack.context, sortedBy: "title").map(\.objectID)
        let before = try #require(try fresh.currentHistoryToken())
        // A count-only request with no objects registered still records the rows.
        try fresh.execute(
            BatchUpdateRequest(
                entityName: "Task", predicate: .equals("done", .bool(false)),
                propertiesToUpdate: ["done": .bool(true)]))
        let history = try fresh.fetchHistory(after: before)
        try #require(history.count == 1)
        #expect(history[0].author == "cleaner")
        #expect(
            history[0].changes
                == ids.map { PersistentHistoryChange(kind: .update, objectID: $0, updatedKeys: ["done"]) })
    }

    @Test func runsAsOneUpdateInSQL() throws {
        let stack = try stackWithTasks(.sqlite)
        let fresh = stack.newContext()
        let (_, statements) = try stack.coordinator.recordingStatements {
            try fresh.execute(
                BatchUpdateRequest(
                    entityName: "Task", predicate: .equals("title", .string("a")),
                    propertiesToUpdate: doneAndUrgent))
        }
        #expect(
            statements == [
                "BEGIN IMMEDIATE",
                #"UPDATE "Task" AS t0 SET "done" = ?, "priority" = ?, "Z_OPT" = "Z_OPT" + 1 WHERE "t0"."title" = ?"#,
                "COMMIT"
            ])
        var request = BatchUpdateRequest(entityName: "Task", propertiesToUpdate: ["done": .bool(false)])
        request.resultType = .objectIDs
        let (_, returning) = try stack.coordinator.recordingStatements { try fresh.execute(request) }
        #expect(
            returning == [
                "BEGIN IMMEDIATE",
                #"UPDATE "Task" AS t0 SET "done" = ?, "Z_OPT" = "Z_OPT" + 1 RETURNING "Z_PK", "Z_ENT""#,
                "COMMIT"
            ])
    }
}
