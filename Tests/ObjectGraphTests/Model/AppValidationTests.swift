import Foundation
import Testing

@testable import ObjectGraph

/// A person whose own insert check builds on the model's, as a Core Data subclass calls super.
final class CheckedPerson: ManagedObject {
    override func validateForInsert() throws { try super.validateForInsert() }
}

/// ``rulesModel`` with ``CheckedPerson`` as the person's class.
let checkedRulesModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Person", managedObjectClass: CheckedPerson.self,
        attributes: [
            AttributeDescription("name", .string, isOptional: false, minLength: 2, maxLength: 10),
            AttributeDescription("age", .integer16, minValue: 0, maxValue: 150)
        ])
])

/// `validateForInsert()`, `validateForUpdate()` and `validateValue(_:forKey:)` called by the app
/// check the model's rules, as Core Data's do, without changing anything.
@Suite struct AppValidationTests {
    private func keys(of error: any Error) -> [String] {
        ((error as? ValidationError)?.problems ?? (error as? ValidationProblem).map { [$0] } ?? []).compactMap(\.key)
            .sorted()
    }

    @Test(arguments: allStoreTypes)
    func validateForInsertChecksTheModelsRules(type: PersistentStoreType) throws {
        let stack = try TestStack(model: rulesModel, type: type)
        let person = try stack.context.insertObject(entityName: "Person")
        person.setValue("X", forKey: "name")
        person.setValue(200, forKey: "age")
        #expect { try person.validateForInsert() } throws: { keys(of: $0) == ["age", "name", "team"] }
        person.setValue("Ada", forKey: "name")
        person.setValue(36, forKey: "age")
        person.setValue(try stack.context.insertObject(entityName: "Team"), forKey: "team")
        try person.validateForInsert()
        try stack.context.save()
    }

    @Test(arguments: allStoreTypes)
    func validateForUpdateChecksTheModelsRules(type: PersistentStoreType) throws {
        let stack = try TestStack(model: rulesModel, type: type)
        let person = try stack.context.insertObject(entityName: "Person")
        person.setValue("Ada", forKey: "name")
        person.setValue(try stack.context.insertObject(entityName: "Team"), forKey: "team")
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Person", in: stack.context).first)
        try stored.validateForUpdate()
        stored.setValue("a name far too long", forKey: "name")
        #expect { try stored.validateForUpdate() } throws: { keys(of: $0) == ["name"] }
    }

    /// Lengths count Characters, what a person counts, where Core Data's `NSString.length`
    /// counts UTF-16 units: "👍🏽é" (6 UTF-16 units) is 2 long, ten flags (20 scalars) are 10.
    @Test func lengthsCountCharactersNotUTF16Units() throws {
        let stack = try TestStack(model: rulesModel, type: .inMemory)
        let person = try stack.context.insertObject(entityName: "Person")
        try person.validateValue("👍🏽e\u{301}", forKey: "name")
        #expect("👍🏽e\u{301}".utf16.count == 6)
        try person.validateValue(String(repeating: "🇩🇪", count: 10), forKey: "name")
        #expect { try person.validateValue(String(repeating: "🇩🇪", count: 11), forKey: "name") } throws: { error in
            (error as? ValidationProblem)?.rule == "must be at most 10 characters long"
        }
        #expect { try person.validateValue("é", forKey: "name") } throws: { error in
            (error as? ValidationProblem)?.rule == "must be at least 2 characters long"
        }
    }

    @Test(arguments: allStoreTypes)
    func validateValueChecksAProposedValueWithoutSettingIt(type: PersistentStoreType) throws {
        let stack = try TestStack(model: rulesModel, type: type)
        let person = try stack.context.insertObject(entityName: "Person")
        person.setValue("Ada", forKey: "name")
        try person.validateValue("Grace", forKey: "name")
        try person.validateValue(40, forKey: "age")
        #expect { try person.validateValue("X", forKey: "name") } throws: { error in
            (error as? ValidationProblem)?.rule == "must be at least 2 characters long"
        }
        #expect { try person.validateValue(nil, forKey: "name") } throws: {
            ($0 as? ValidationProblem)?.rule == "is required"
        }
        #expect { try person.validateValue(200, forKey: "age") } throws: { ($0 as? ValidationProblem)?.key == "age" }
        #expect { try person.validateValue("old", forKey: "age") } throws: { ($0 as? ValidationProblem)?.key == "age" }
        #expect { try person.validateValue(nil, forKey: "team") } throws: {
            ($0 as? ValidationProblem)?.rule == "is required"
        }
        #expect { try person.validateValue(1, forKey: "nonexistent") } throws: {
            ($0 as? ValidationProblem)?.key == "nonexistent"
        }
        #expect(person["name", as: String.self] == "Ada")
    }

    @Test(arguments: allStoreTypes)
    func aSaveNamesEachProblemOnceWhenTheHookCallsSuper(type: PersistentStoreType) throws {
        let stack = try TestStack(model: checkedRulesModel, type: type)
        try stack.context.insert(CheckedPerson.self).setValue("X", forKey: "name")
        #expect { try stack.context.save() } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.compactMap(\.key) == ["name"]
        }
    }
}
