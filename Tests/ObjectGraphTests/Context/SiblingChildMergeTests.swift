import Foundation
import Testing

@testable import ObjectGraph

/// Two child contexts of one parent: a child that merges automatically sees its sibling's save
/// into the parent at once, before the parent saves (Core Data merges changes saved to the parent).
@Suite("Child contexts merging a sibling's save into their parent")
struct SiblingChildMergeTests {
    @Test(
        "an auto-merging child takes a sibling's saved edit and delete; one that does not merge keeps what it read",
        arguments: allStoreTypes)
    func siblingSaveReachesAutoMergingChild(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type)
        let parent = stack.context
        for name in ["kept", "gone"] {
            let note = try parent.insertObject(entityName: "Note")
            note["name"] = name
            note["text"] = "original"
        }
        try parent.save()
        let writer = ManagedObjectContext(parent: parent)
        let reader = ManagedObjectContext(parent: parent)
        reader.automaticallyMergesChangesFromParent = true
        let bystander = ManagedObjectContext(parent: parent)
        func note(_ name: String, in context: ManagedObjectContext) throws -> ManagedObject {
            try #require(try fetchAll("Note", in: context).first { $0.value(forKey: "name") as? String == name })
        }
        let read = try note("kept", in: reader)
        let gone = try note("gone", in: reader)
        let unmerged = try note("kept", in: bystander)
        #expect(read.value(forKey: "text") as? String == "original")

        try note("kept", in: writer)["text"] = "edited by a sibling"
        try writer.delete(note("gone", in: writer))
        let added = try writer.insertObject(entityName: "Note")
        added["name"] = "new"
        try writer.save()

        reader.mergePendingChanges()
        #expect(read.value(forKey: "text") as? String == "edited by a sibling")
        #expect(gone.managedObjectContext == nil || gone.isDeleted)
        #expect(
            try fetchAll("Note", in: reader).compactMap { $0.value(forKey: "name") as? String }.sorted() == [
                "kept", "new"
            ])
        #expect(unmerged.value(forKey: "text") as? String == "original")
        // Nothing reached the store: the parent has not saved.
        #expect(try fetchAll("Note", in: stack.newContext()).count == 2)
    }
}
