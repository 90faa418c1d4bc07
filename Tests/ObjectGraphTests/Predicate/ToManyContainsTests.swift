import Foundation
import Testing

@testable import ObjectGraph

/// `CONTAINS` with a to-many on its left is membership, as in Core Data: `tags CONTAINS %@`
/// is `ANY tags == %@`, in SQL and in memory alike.
@Suite struct ToManyContainsTests {
    /// Three stored details (zip 1, 2, 3), the first two tagged "fraud", the third "west";
    /// and a fourth, unsaved, tagged "fraud".
    private func taggedDetails(type: PersistentStoreType) throws -> (TestStack, ManagedObject) {
        let stack = try TestStack(model: failedBanksModel, type: type)
        let fraud = try stack.context.insertObject(entityName: "Tag")
        fraud.setValue("fraud", forKey: "name")
        let west = try stack.context.insertObject(entityName: "Tag")
        west.setValue("west", forKey: "name")
        for (zip, tag) in [(1, fraud), (2, fraud), (3, west)] {
            let details = try stack.context.insertObject(entityName: "FailedBankDetails")
            details.setValue(zip, forKey: "zip")
            details.add(tag, to: "tags")
        }
        try stack.context.save()
        let unsaved = try stack.context.insertObject(entityName: "FailedBankDetails")
        unsaved.setValue(4, forKey: "zip")
        unsaved.add(fraud, to: "tags")
        return (stack, fraud)
    }

    private func zips(_ format: String, _ arguments: Any?..., in context: ManagedObjectContext) throws -> [Int32] {
        let request = FetchRequest(
            entityName: "FailedBankDetails", predicate: try FetchPredicate(format: format, argumentArray: arguments),
            sortOrderings: [SortOrdering("zip")])
        return try context.fetch(request).compactMap { $0["zip", as: Int32.self] }
    }

    @Test(arguments: allStoreTypes)
    func aToManyContainsAnObjectWhenItIsAMember(type: PersistentStoreType) throws {
        let (stack, fraud) = try taggedDetails(type: type)
        #expect(try zips("tags CONTAINS %@", fraud, in: stack.context) == [1, 2, 4])
        #expect(
            try zips("tags CONTAINS %@", fraud, in: stack.context) == zips("ANY tags == %@", fraud, in: stack.context))
        #expect(try zips("NOT (tags CONTAINS %@)", fraud, in: stack.context) == [3])
    }

    @Test(arguments: allStoreTypes)
    func aToManyKeyPathContainsAValueWhenAMemberHasIt(type: PersistentStoreType) throws {
        let (stack, _) = try taggedDetails(type: type)
        #expect(try zips("tags.name CONTAINS %@", "west", in: stack.context) == [3])
        #expect(try zips("tags.name CONTAINS[c] %@", "FRAUD", in: stack.context) == [1, 2, 4])
        // Membership, not a substring of a member.
        #expect(try zips("tags.name CONTAINS %@", "es", in: stack.context) == [])
        // A quantifier keeps the string operator.
        #expect(try zips("ANY tags.name CONTAINS %@", "es", in: stack.context) == [3])
    }
}
