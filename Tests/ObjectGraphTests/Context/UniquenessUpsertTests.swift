import Foundation
import Testing

@testable import ObjectGraph

/// Labels unique by name, on notes (many-to-many) and owned by a shelf (one-to-many).
let labelModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Label",
        attributes: [
            AttributeDescription("name", .string, isOptional: false),
            AttributeDescription("colour", .string),
            AttributeDescription("uses", .integer64)
        ],
        relationships: [
            RelationshipDescription("notes", destination: "Jotting", inverse: "labels", isToMany: true),
            RelationshipDescription("shelf", destination: "Shelf", inverse: "labels")
        ], uniquenessConstraints: [["name"]]),
    EntityDescription(
        "Jotting", attributes: [AttributeDescription("text", .string)],
        relationships: [
            RelationshipDescription("labels", destination: "Label", inverse: "notes", isToMany: true)
        ]),
    EntityDescription(
        "Shelf", attributes: [AttributeDescription("title", .string)],
        relationships: [
            RelationshipDescription("labels", destination: "Label", inverse: "shelf", isToMany: true)
        ])
])

/// Silent difference 7: a uniqueness conflict is settled by the merge policy, as Core Data's
/// constraint conflicts are (an upsert under the property-merging policies).
@Suite struct UniquenessUpsertTests {
    /// A stored label "work" (red, 3 uses) on note "first"; the stack reopened so nothing of it is registered.
    private func stackWithStoredLabel(_ type: PersistentStoreType, uses: Int64? = 3) throws -> TestStack {
        let stack = try TestStack(model: labelModel, type: type)
        let label = try stack.context.insertObject(entityName: "Label")
        label.setValue("work", forKey: "name")
        label.setValue("red", forKey: "colour")
        label.setValue(uses, forKey: "uses")
        let note = try stack.context.insertObject(entityName: "Jotting")
        note.setValue("first", forKey: "text")
        label.add(note, to: "notes")
        try stack.context.save()
        try stack.reopen()
        return stack
    }

    /// A new label "work" (blue, uses unset) on a new note "second", under `policy`.
    @discardableResult
    private func insertClashingLabel(in context: ManagedObjectContext, policy: MergePolicy) throws -> ManagedObject {
        context.mergePolicy = policy
        let label = try context.insertObject(entityName: "Label")
        label.setValue("work", forKey: "name")
        label.setValue("blue", forKey: "colour")
        let note = try context.insertObject(entityName: "Jotting")
        note.setValue("second", forKey: "text")
        note.add(label, to: "labels")
        return label
    }

    private func storedLabels(_ stack: TestStack) throws -> [ManagedObject] {
        try stack.reopen()
        return try fetchAll("Label", in: stack.context, sortedBy: "name")
    }

    private func noteTexts(_ label: ManagedObject) -> Set<String> {
        Set(label.objects(forKey: "notes").compactMap { $0["text", as: String.self] })
    }

    @Test(arguments: allStoreTypes)
    func objectTrumpsUpsertsTheStoredRowWithTheInsertedValues(type: PersistentStoreType) throws {
        let stack = try stackWithStoredLabel(type)
        let storedID = try #require(try fetchAll("Label", in: stack.context).first?.objectID)
        try stack.reopen()
        let label = try insertClashingLabel(in: stack.context, policy: .objectTrumps)
        try stack.context.save()
        // The inserted object became the stored row's object.
        #expect(label.objectID == storedID)
        #expect(label.managedObjectContext === stack.context)
        #expect(!stack.context.hasChanges)
        let labels = try storedLabels(stack)
        #expect(labels.count == 1)
        #expect(labels.first?["colour", as: String.self] == "blue")
        #expect(labels.first?["uses", as: Int64.self] == 3)  // not set on the new object: kept
        #expect(labels.first.map(noteTexts) == ["first", "second"])
    }

    @Test(arguments: allStoreTypes)
    func storeTrumpsKeepsTheStoredValuesAndFillsInMissingOnes(type: PersistentStoreType) throws {
        let stack = try stackWithStoredLabel(type, uses: nil)
        let label = try insertClashingLabel(in: stack.context, policy: .storeTrumps)
        label.setValue(Int64(7), forKey: "uses")
        try stack.context.save()
        #expect(label["colour", as: String.self] == "red")
        let labels = try storedLabels(stack)
        #expect(labels.count == 1)
        #expect(labels.first?["colour", as: String.self] == "red")
        #expect(labels.first?["uses", as: Int64.self] == 7)
        #expect(labels.first.map(noteTexts) == ["first", "second"])
    }

    @Test(arguments: allStoreTypes)
    func theErrorPolicyStillRefusesTheDuplicate(type: PersistentStoreType) throws {
        let stack = try stackWithStoredLabel(type)
        try insertClashingLabel(in: stack.context, policy: .error)
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.uniquenessViolation(let entity, let keys) = error else { return false }
            return entity == "Label" && keys == ["name"]
        }
        #expect(stack.context.hasChanges)
        let labels = try storedLabels(stack)
        #expect(labels.count == 1)
        #expect(labels.first?["colour", as: String.self] == "red")
        #expect(try stack.context.count(for: FetchRequest(entityName: "Jotting")) == 1)
    }

    @Test(arguments: allStoreTypes)
    func aRegisteredObjectOfTheRowTakesTheInsertAndItsLinks(type: PersistentStoreType) throws {
        let stack = try stackWithStoredLabel(type)
        let registered = try #require(try fetchAll("Label", in: stack.context).first)
        let shelf = try stack.context.insertObject(entityName: "Shelf")
        shelf.setValue("desk", forKey: "title")
        let label = try insertClashingLabel(in: stack.context, policy: .objectTrumps)
        label.setValue(shelf, forKey: "shelf")
        try stack.context.save()
        #expect(label.managedObjectContext == nil)
        #expect(registered["colour", as: String.self] == "blue")
        #expect(registered.value(forKey: "shelf") as? ManagedObject === shelf)
        #expect(shelf.objects(forKey: "labels") == [registered])
        let labels = try storedLabels(stack)
        #expect(labels.count == 1)
        #expect(labels.first.map(noteTexts) == ["first", "second"])
        #expect((labels.first?.value(forKey: "shelf") as? ManagedObject)?["title", as: String.self] == "desk")
    }

    @Test(arguments: allStoreTypes)
    func twoInsertsOfOneSaveBecomeOneRow(type: PersistentStoreType) throws {
        let stack = try TestStack(model: labelModel, type: type)
        stack.context.mergePolicy = .objectTrumps
        let first = try stack.context.insertObject(entityName: "Label")
        first.setValue("home", forKey: "name")
        first.setValue(Int64(1), forKey: "uses")
        let second = try stack.context.insertObject(entityName: "Label")
        second.setValue("home", forKey: "name")
        second.setValue("green", forKey: "colour")
        try stack.context.save()
        let labels = try storedLabels(stack)
        #expect(labels.count == 1)
        #expect(labels.first?["colour", as: String.self] == "green")
        #expect(labels.first?["uses", as: Int64.self] == 1)
    }
}
