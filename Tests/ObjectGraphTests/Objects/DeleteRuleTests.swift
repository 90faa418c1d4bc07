import Foundation
import Testing

@testable import ObjectGraph

/// Owner → items with one relationship per delete rule.
let deleteRulesModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Owner", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription(
                "cascaded", destination: "Item", inverse: "cascadeOwner", isToMany: true, deleteRule: .cascade),
            RelationshipDescription(
                "nullified", destination: "Item", inverse: "nullifyOwner", isToMany: true, deleteRule: .nullify),
            RelationshipDescription(
                "denied", destination: "Item", inverse: "denyOwner", isToMany: true, deleteRule: .deny),
            RelationshipDescription(
                "ignored", destination: "Item", inverse: "ignoreOwner", isToMany: true, deleteRule: .noAction)
        ]),
    EntityDescription(
        "Item", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription("cascadeOwner", destination: "Owner", inverse: "cascaded"),
            RelationshipDescription("nullifyOwner", destination: "Owner", inverse: "nullified"),
            RelationshipDescription("denyOwner", destination: "Owner", inverse: "denied"),
            RelationshipDescription("ignoreOwner", destination: "Owner", inverse: "ignored")
        ])
])

@Suite struct DeleteRuleTests {
    private func makeOwner(
        _ context: ManagedObjectContext, itemsIn keys: [String]
    ) throws -> (ManagedObject, [String: ManagedObject]) {
        let owner = try context.insertObject(entityName: "Owner")
        owner.setValue("owner", forKey: "name")
        var items: [String: ManagedObject] = [:]
        for key in keys {
            let item = try context.insertObject(entityName: "Item")
            item.setValue(key, forKey: "name")
            owner.add(item, to: key)
            items[key] = item
        }
        return (owner, items)
    }

    @Test(arguments: allStoreTypes)
    func cascadeDeletesAndNullifyForgets(type: PersistentStoreType) throws {
        let stack = try TestStack(model: deleteRulesModel, type: type)
        _ = try makeOwner(stack.context, itemsIn: ["cascaded", "nullified"])
        try stack.context.save()
        try stack.reopen()
        let owner = try #require(fetchAll("Owner", in: stack.context).first)
        stack.context.delete(owner)
        let remaining = try fetchAll("Item", in: stack.context)
        #expect(remaining.map { $0["name", as: String.self] } == ["nullified"])
        #expect(remaining.first?.value(forKey: "nullifyOwner") == nil)
        try stack.context.save()
        try stack.reopen()
        let stored = try fetchAll("Item", in: stack.context)
        #expect(stored.map { $0["name", as: String.self] } == ["nullified"])
        #expect(stored.first?.value(forKey: "nullifyOwner") == nil)
        if type == .sqlite, let url = stack.storeURL {
            #expect(try sqliteRows("SELECT name, nullifyOwner FROM Item", at: url) == [["nullified", nil]])
        }
    }

    @Test(arguments: allStoreTypes)
    func denyFailsTheSaveNamingTheRelationship(type: PersistentStoreType) throws {
        let stack = try TestStack(model: deleteRulesModel, type: type)
        let (owner, items) = try makeOwner(stack.context, itemsIn: ["denied"])
        try stack.context.save()
        stack.context.delete(owner)
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.key) == ["denied"] && problems[0].rule.contains("deny rule")
        }
        // Once the denying relationship is emptied, the delete goes through.
        stack.context.delete(try #require(items["denied"]))
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Owner")) == 0)
    }

    /// `validateForDelete()` checks the deny rules as Core Data's does, before any delete, and
    /// a save still names the problem once.
    @Test(arguments: allStoreTypes)
    func validateForDeleteChecksTheDenyRules(type: PersistentStoreType) throws {
        let stack = try TestStack(model: deleteRulesModel, type: type)
        let (owner, items) = try makeOwner(stack.context, itemsIn: ["denied", "cascaded"])
        try stack.context.save()
        #expect {
            try owner.validateForDelete()
        } throws: { error in
            guard let problem = error as? ValidationProblem else { return false }
            return problem.key == "denied" && problem.rule.contains("deny rule")
        }
        stack.context.delete(owner)
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.key) == ["denied"]
        }
        stack.context.rollback()
        let denied = try #require(items["denied"])
        denied.setValue(nil, forKey: "denyOwner")
        try owner.validateForDelete()
    }

    @Test(arguments: allStoreTypes)
    func noActionLeavesDestinationsAlone(type: PersistentStoreType) throws {
        let stack = try TestStack(model: deleteRulesModel, type: type)
        let (owner, items) = try makeOwner(stack.context, itemsIn: ["ignored"])
        try stack.context.save()
        let item = try #require(items["ignored"])
        stack.context.delete(owner)
        #expect(item.value(forKey: "ignoreOwner") as? ManagedObject === owner)  // untouched in memory
        try stack.context.save()
        try stack.reopen()
        let stored = try fetchAll("Item", in: stack.context)
        #expect(stored.count == 1)
        #expect(stored.first?.value(forKey: "ignoreOwner") == nil)  // the store drops the dangling key
    }
}
