import Foundation
import Testing

@testable import ObjectGraph

/// Tutorial app 2: four text lines kept across launches.
let fourLinesModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Line",
        attributes: [
            AttributeDescription("lineNum", .integer16, isOptional: false),
            AttributeDescription("lineText", .string)
        ])
])

@Suite struct ReopenedStoreTests {
    /// The app's "save on quit": fetch line i, insert it when missing, else update it.
    private func store(_ texts: [String?], in context: ManagedObjectContext) throws {
        for (offset, text) in texts.enumerated() {
            let number = Int16(offset + 1)
            let request = FetchRequest(entityName: "Line", predicate: .equals("lineNum", .integer(Int64(number))))
            let line = try context.fetch(request).first ?? context.insertObject(entityName: "Line")
            line.setValue(number, forKey: "lineNum")
            line.setValue(text, forKey: "lineText")
        }
        try context.save()
    }

    private func lines(in context: ManagedObjectContext) throws -> [String?] {
        try fetchAll("Line", in: context, sortedBy: "lineNum").map { $0["lineText", as: String.self] }
    }

    @Test(arguments: allStoreTypes)
    func linesSurviveReopeningAndUpdateInPlace(type: PersistentStoreType) throws {
        let stack = try TestStack(model: fourLinesModel, type: type)
        try store(["one", "two", nil, "four"], in: stack.context)
        try stack.reopen()
        #expect(try lines(in: stack.context) == ["one", "two", nil, "four"])
        try store(["uno", "dos", "tres", nil], in: stack.context)
        try stack.reopen()
        #expect(try lines(in: stack.context) == ["uno", "dos", "tres", nil])
        #expect(try stack.context.count(for: FetchRequest(entityName: "Line")) == 4)
        let numbers = try fetchAll("Line", in: stack.context, sortedBy: "lineNum").map { $0["lineNum", as: Int16.self] }
        #expect(numbers == [1, 2, 3, 4])
    }

    @Test(arguments: allStoreTypes)
    func lineNumberIsRequired(type: PersistentStoreType) throws {
        let stack = try TestStack(model: fourLinesModel, type: type)
        let line = try stack.context.insertObject(entityName: "Line")
        line.setValue("orphan", forKey: "lineText")
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.key) == ["lineNum"] && problems.first?.rule == "is required"
        }
    }
}
