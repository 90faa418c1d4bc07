import Foundation
import Testing

@testable import ObjectGraph

/// Tutorial app 4: failed banks with one-to-one details and many-to-many tags.
let failedBanksModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "FailedBankInfo",
        attributes: [
            AttributeDescription("name", .string, isOptional: false),
            AttributeDescription("city", .string),
            AttributeDescription("state", .string, maxLength: 2)
        ],
        relationships: [
            RelationshipDescription("details", destination: "FailedBankDetails", inverse: "info", deleteRule: .cascade)
        ]),
    EntityDescription(
        "FailedBankDetails",
        attributes: [
            AttributeDescription("closeDate", .date),
            AttributeDescription("zip", .integer32)
        ],
        relationships: [
            RelationshipDescription("info", destination: "FailedBankInfo", inverse: "details"),
            RelationshipDescription("tags", destination: "Tag", inverse: "details", isToMany: true)
        ]),
    EntityDescription(
        "Tag", attributes: [AttributeDescription("name", .string, isOptional: false)],
        relationships: [
            RelationshipDescription(
                "details", destination: "FailedBankDetails",
                inverse: "tags", isToMany: true)
        ],
        uniquenessConstraints: [["name"]])
])

@Suite struct OneToOneAndManyToManyTests {
    private func makeBank(_ name: String, in context: ManagedObjectContext) throws -> ManagedObject {
        let info = try context.insertObject(entityName: "FailedBankInfo")
        info.setValue(name, forKey: "name")
        info.setValue("Chicago", forKey: "city")
        info.setValue("IL", forKey: "state")
        let details = try context.insertObject(entityName: "FailedBankDetails")
        details.setValue(60601, forKey: "zip")
        details.setValue(Date(timeIntervalSince1970: 1_300_000_000), forKey: "closeDate")
        info.setValue(details, forKey: "details")
        return info
    }

    @Test(arguments: allStoreTypes)
    func oneToOneDetailsStayInStep(type: PersistentStoreType) throws {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let first = try makeBank("First Bank", in: stack.context)
        let details = try #require(first.value(forKey: "details") as? ManagedObject)
        #expect(details.value(forKey: "info") as? ManagedObject === first)
        let second = try makeBank("Second Bank", in: stack.context)
        let secondDetails = try #require(second.value(forKey: "details") as? ManagedObject)
        second.setValue(details, forKey: "details")  // moves the details: the first bank loses them
        #expect(first.value(forKey: "details") == nil)
        #expect(secondDetails.value(forKey: "info") == nil)
        stack.context.delete(secondDetails)
        try stack.context.save()
        try stack.reopen()
        let banks = try fetchAll("FailedBankInfo", in: stack.context, sortedBy: "name")
        #expect(banks.map { $0["name", as: String.self] } == ["First Bank", "Second Bank"])
        #expect(banks[0].value(forKey: "details") == nil)
        let moved = try #require(banks[1].value(forKey: "details") as? ManagedObject)
        #expect(moved["zip", as: Int32.self] == 60601)
        #expect(moved["closeDate", as: Date.self] == Date(timeIntervalSince1970: 1_300_000_000))
    }

    @Test(arguments: allStoreTypes)
    func pickingAndUnpickingTagsPersists(type: PersistentStoreType) throws {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let tags = try ["fraud", "big", "west"].map { name in
            let tag = try stack.context.insertObject(entityName: "Tag")
            tag.setValue(name, forKey: "name")
            return tag
        }
        let details = try #require(
            try makeBank("Third Bank", in: stack.context).value(forKey: "details") as? ManagedObject)
        details.add(tags[0], to: "tags")
        details.add(tags[1], to: "tags")
        #expect(tags[0].objects(forKey: "details") == [details])
        try stack.context.save()

        try stack.reopen()
        func pickedNames(_ context: ManagedObjectContext) throws -> Set<String> {
            let details = try #require(fetchAll("FailedBankDetails", in: context).first)
            return Set(details.objects(forKey: "tags").compactMap { $0["name", as: String.self] })
        }
        #expect(try pickedNames(stack.context) == ["fraud", "big"])
        let stored = try #require(fetchAll("FailedBankDetails", in: stack.context).first)
        let west = try #require(
            try stack.context.fetch(FetchRequest(entityName: "Tag", predicate: .equals("name", .string("west")))).first)
        let fraud = try #require(
            try stack.context.fetch(FetchRequest(entityName: "Tag", predicate: .equals("name", .string("fraud")))).first
        )
        west.add(stored, to: "details")  // picked from the tag's side
        stored.remove(fraud, from: "tags")  // unpicked from the details' side
        #expect(fraud.objects(forKey: "details").isEmpty)
        try stack.context.save()

        try stack.reopen()
        #expect(try pickedNames(stack.context) == ["big", "west"])
    }

    @Test(arguments: allStoreTypes)
    func tagNamesAreUnique(type: PersistentStoreType) throws {
        let stack = try TestStack(model: failedBanksModel, type: type)
        for _ in 0..<2 { try stack.context.insertObject(entityName: "Tag").setValue("dup", forKey: "name") }
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.uniquenessViolation(let entity, let keys) = error else { return false }
            return entity == "Tag" && keys == ["name"]
        }
        try stack.reopen()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Tag")) == 0)
    }
}
