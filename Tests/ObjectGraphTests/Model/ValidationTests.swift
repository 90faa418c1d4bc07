import Foundation
import Testing

@testable import ObjectGraph

let rulesModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Person",
        attributes: [
            AttributeDescription("name", .string, isOptional: false, minLength: 2, maxLength: 10),
            AttributeDescription("code", .string, pattern: "[A-Z]{3}"),
            AttributeDescription("age", .integer16, minValue: 0, maxValue: 150),
            AttributeDescription("height", .double, minValue: 0.3),
            AttributeDescription("born", .date, minDate: Date(timeIntervalSince1970: 0))
        ],
        relationships: [
            RelationshipDescription("team", destination: "Team", inverse: "members", isOptional: false)
        ]),
    EntityDescription(
        "Team",
        relationships: [
            RelationshipDescription("members", destination: "Person", inverse: "team", isToMany: true, maxCount: 1)
        ])
])

@Suite struct ValidationTests {
    @Test(arguments: allStoreTypes)
    func everyProblemIsReportedAtOnceAndNothingIsWritten(type: PersistentStoreType) throws {
        let stack = try TestStack(model: rulesModel, type: type)
        let good = try stack.context.insertObject(entityName: "Person")
        good.setValue("Ada", forKey: "name")
        good.setValue(try stack.context.insertObject(entityName: "Team"), forKey: "team")
        let bad = try stack.context.insertObject(entityName: "Person")
        bad.setValue("X", forKey: "name")
        bad.setValue("abc", forKey: "code")
        bad.setValue(200, forKey: "age")
        bad.setValue(0.1, forKey: "height")
        bad.setValue(Date(timeIntervalSince1970: -10), forKey: "born")
        let nameless = try stack.context.insertObject(entityName: "Person")
        nameless.setValue(good.value(forKey: "team"), forKey: "team")  // a second member: over maxCount

        var problems: [ValidationProblem] = []
        do {
            try stack.context.save()
        } catch ObjectGraphError.validationFailed(let found) {
            problems = found
        }
        let byObject = Dictionary(grouping: problems, by: \.objectID)
        #expect(
            Set(byObject[bad.objectID]?.compactMap(\.key) ?? []) == ["name", "code", "age", "height", "born", "team"])
        #expect(byObject[bad.objectID]?.first { $0.key == "age" }?.rule == "must be at most 150")
        #expect(byObject[bad.objectID]?.first { $0.key == "name" }?.rule == "must be at least 2 characters long")
        #expect(byObject[nameless.objectID]?.compactMap(\.key) == ["name"])
        #expect(problems.contains { $0.entityName == "Team" && $0.key == "members" })
        #expect(byObject[good.objectID] == nil)
        #expect(stack.context.hasChanges)

        try stack.reopen()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Person")) == 0)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Team")) == 0)
    }

    @Test func problemsReadWell() {
        let id = ObjectID.permanent(
            entityName: "Person", storeIdentifier: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
            primaryKey: 4)
        let problem = ValidationProblem(objectID: id, entityName: "Person", key: "age", rule: "must be at most 150")
        #expect(
            problem.description
                == "Person.age (x-objectgraph://00000000-0000-0000-0000-000000000001/Person/p4): must be at most 150")
    }
}
