import Foundation
import Testing

@testable import ObjectGraph

/// People who are each other's friends: a to-many that is its own inverse.
let friendsModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Person", attributes: [AttributeDescription("name", .string, isOptional: false)],
        relationships: [RelationshipDescription("friends", destination: "Person", inverse: "friends", isToMany: true)])
])

/// A many-to-many change is the same change from either side, and the save writes it, whether
/// or not the other side's set was loaded.
@Suite struct EitherSideTests {
    /// A stored tag and two stored details, none of them related, read back in a fresh context
    /// (every to-many unloaded, as after any fetch).
    private func storedTagAndDetails(type: PersistentStoreType) throws -> (TestStack, ManagedObject, [ManagedObject]) {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let tag = try stack.context.insertObject(entityName: "Tag")
        tag.setValue("shared", forKey: "name")
        for zip in 0..<2 {
            try stack.context.insertObject(entityName: "FailedBankDetails").setValue(zip, forKey: "zip")
        }
        try stack.context.save()
        try stack.reopen()
        let storedTag = try #require(fetchAll("Tag", in: stack.context).first)
        return (stack, storedTag, try fetchAll("FailedBankDetails", in: stack.context, sortedBy: "zip"))
    }

    /// The tag's details and each detail's tags, read in a fresh context.
    private func storedMembership(_ stack: TestStack) throws -> (tagDetails: [Int], detailTags: [Int]) {
        try stack.reopen()
        let tag = try #require(fetchAll("Tag", in: stack.context).first)
        let details = try fetchAll("FailedBankDetails", in: stack.context, sortedBy: "zip")
        let tagDetails = tag.objects(forKey: "details").compactMap { $0["zip", as: Int32.self] }.map(Int.init).sorted()
        let detailTags = details.enumerated().filter { !$0.element.objects(forKey: "tags").isEmpty }.map(\.offset)
        return (tagDetails, detailTags)
    }

    @Test(arguments: allStoreTypes)
    func addingFromTheSideWithoutTheJoinTableIsSaved(type: PersistentStoreType) throws {
        let (stack, tag, details) = try storedTagAndDetails(type: type)
        tag.add(details[1], to: "details")
        #expect(details[1].objects(forKey: "tags") == [tag])
        try stack.context.save()
        let stored = try storedMembership(stack)
        #expect(stored.tagDetails == [1])
        #expect(stored.detailTags == [1])
    }

    @Test(arguments: allStoreTypes)
    func removingFromTheSideWithoutTheJoinTableIsSaved(type: PersistentStoreType) throws {
        let (stack, tag, details) = try storedTagAndDetails(type: type)
        for detail in details { detail.add(tag, to: "tags") }
        try stack.context.save()
        try stack.reopen()
        let storedTag = try #require(fetchAll("Tag", in: stack.context).first)
        let storedDetails = try fetchAll("FailedBankDetails", in: stack.context, sortedBy: "zip")
        storedTag.remove(storedDetails[0], from: "details")
        try stack.context.save()
        let stored = try storedMembership(stack)
        #expect(stored.tagDetails == [1])
        #expect(stored.detailTags == [1])
    }

    @Test(arguments: allStoreTypes)
    func settingTheWholeSetFromTheSideWithoutTheJoinTableIsSaved(type: PersistentStoreType) throws {
        let (stack, tag, details) = try storedTagAndDetails(type: type)
        tag.setValue(Set(details), forKey: "details")
        try stack.context.save()
        let stored = try storedMembership(stack)
        #expect(stored.tagDetails == [0, 1])
        #expect(stored.detailTags == [0, 1])
    }

    @Test(arguments: allStoreTypes)
    func aSelfInverseToManyIsSavedOnBothSides(type: PersistentStoreType) throws {
        let stack = try TestStack(model: friendsModel, type: type)
        for name in ["Anna", "Ben", "Cleo"] {
            try stack.context.insertObject(entityName: "Person").setValue(name, forKey: "name")
        }
        try stack.context.save()
        try stack.reopen()
        let people = try fetchAll("Person", in: stack.context, sortedBy: "name")
        people[0].add(people[1], to: "friends")
        people[2].add(people[0], to: "friends")
        #expect(people[1].objects(forKey: "friends") == [people[0]])
        try stack.context.save()

        try stack.reopen()
        let stored = try fetchAll("Person", in: stack.context, sortedBy: "name")
        func friends(_ person: ManagedObject) -> [String] {
            person.objects(forKey: "friends").compactMap { $0["name", as: String.self] }.sorted()
        }
        #expect(friends(stored[0]) == ["Ben", "Cleo"])
        #expect(friends(stored[1]) == ["Anna"])
        #expect(friends(stored[2]) == ["Anna"])

        stored[1].remove(stored[0], from: "friends")
        try stack.context.save()
        try stack.reopen()
        let afterRemoval = try fetchAll("Person", in: stack.context, sortedBy: "name")
        #expect(friends(afterRemoval[0]) == ["Cleo"])
        #expect(friends(afterRemoval[1]) == [])
    }

    @Test(arguments: allStoreTypes)
    func aSelfInverseToManyInsertedTogetherIsSavedOnBothSides(type: PersistentStoreType) throws {
        let stack = try TestStack(model: friendsModel, type: type)
        let anna = try stack.context.insertObject(entityName: "Person")
        anna.setValue("Anna", forKey: "name")
        let ben = try stack.context.insertObject(entityName: "Person")
        ben.setValue("Ben", forKey: "name")
        anna.add(ben, to: "friends")
        try stack.context.save()
        try stack.reopen()
        let stored = try fetchAll("Person", in: stack.context, sortedBy: "name")
        #expect(stored[1].objects(forKey: "friends").compactMap { $0["name", as: String.self] } == ["Anna"])
        #expect(stored[0].objects(forKey: "friends").compactMap { $0["name", as: String.self] } == ["Ben"])
    }
}
