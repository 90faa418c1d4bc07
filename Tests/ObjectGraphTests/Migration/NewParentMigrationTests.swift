import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

// v1: Note (title, body) in folders; Sketch on its own.
// v2: a new abstract parent Item takes Note's title (moved up the hierarchy); Note keeps body.
private let parentV1 = makeModel([
    EntityDescription(
        "Note", attributes: [AttributeDescription("title", .string), AttributeDescription("body", .string)],
        relationships: [RelationshipDescription("folder", destination: "Folder", inverse: "notes")]),
    EntityDescription(
        "Folder", attributes: [AttributeDescription("name", .string)],
        relationships: [RelationshipDescription("notes", destination: "Note", inverse: "folder", isToMany: true)]),
    EntityDescription("Sketch", attributes: [AttributeDescription("title", .string)])
])

private let parentV2 = makeModel([
    EntityDescription("Item", isAbstract: true, attributes: [AttributeDescription("title", .string)]),
    EntityDescription(
        "Note", parent: "Item", attributes: [AttributeDescription("body", .string)],
        relationships: [RelationshipDescription("folder", destination: "Folder", inverse: "notes")]),
    EntityDescription(
        "Folder", attributes: [AttributeDescription("name", .string)],
        relationships: [RelationshipDescription("notes", destination: "Note", inverse: "folder", isToMany: true)]),
    EntityDescription("Sketch", attributes: [AttributeDescription("title", .string)])
])

/// Silent difference 9: lightweight migration takes a new parent entity with properties moved up into it.
@Suite struct NewParentMigrationTests {
    private func open(
        _ model: ManagedObjectModel, _ type: PersistentStoreType, at url: URL
    ) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: type, at: url)
        return ManagedObjectContext(coordinator: coordinator)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func aNewParentTakesAMovedUpAttributeKeepingTheData(type: PersistentStoreType) throws {
        let scratch = try TemporaryDirectory(prefix: "new-parent")
        let url = scratch.appending(type == .sqlite ? "Notes.sqlite" : "Notes.graph")
        do {
            let context = try open(parentV1, type, at: url)
            let folder = try context.insertObject(entityName: "Folder")
            folder.setValue("work", forKey: "name")
            for (title, body) in [("one", "first"), ("two", "second"), ("three", "gone")] {
                let note = try context.insertObject(entityName: "Note")
                note.setValue(title, forKey: "title")
                note.setValue(body, forKey: "body")
                note.setValue(folder, forKey: "folder")
            }
            try context.insertObject(entityName: "Sketch").setValue("cat", forKey: "title")
            try context.save()
            let three = try #require(
                try context.fetch(FetchRequest(entityName: "Note", predicate: .equals("title", .string("three")))).first
            )
            context.delete(three)
            try context.save()
        }
        let context = try open(parentV2, type, at: url)
        let items = try context.fetch(FetchRequest(entityName: "Item", sortOrderings: [SortOrdering("title")]))
        #expect(items.map { $0["title", as: String.self] } == ["one", "two"])
        #expect(items.map(\.entity.name) == ["Note", "Note"])
        #expect(items.map { $0["body", as: String.self] } == ["first", "second"])
        #expect(
            items.map { ($0.value(forKey: "folder") as? ManagedObject)?["name", as: String.self] } == ["work", "work"])
        let byTitle = try context.fetch(
            FetchRequest(entityName: "Note", predicate: try FetchPredicate(format: "title == %@", "two")))
        #expect(byTitle.map { $0["body", as: String.self] } == ["second"])
        #expect(try fetchAll("Sketch", in: context).map { $0["title", as: String.self] } == ["cat"])
        // The deleted note's key stays retired after the rows moved to the new table.
        let added = try context.insertObject(entityName: "Note")
        added.setValue("four", forKey: "title")
        try context.save()
        #expect(added.objectID.primaryKey == 4)
        #expect(try open(parentV2, type, at: url).count(for: FetchRequest(entityName: "Item")) == 3)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func twoOldTablesUnderOneNewParentAreRefusedLeavingTheStore(type: PersistentStoreType) throws {
        let scratch = try TemporaryDirectory(prefix: "new-parent")
        let url = scratch.appending(type == .sqlite ? "Notes.sqlite" : "Notes.graph")
        let old = try open(parentV1, type, at: url)
        try old.insertObject(entityName: "Sketch")
        try old.save()
        let merged = makeModel([
            EntityDescription("Item", attributes: [AttributeDescription("title", .string)]),
            EntityDescription(
                "Note", parent: "Item", attributes: [AttributeDescription("body", .string)],
                relationships: [RelationshipDescription("folder", destination: "Folder", inverse: "notes")]),
            EntityDescription(
                "Folder", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("notes", destination: "Note", inverse: "folder", isToMany: true)
                ]),
            EntityDescription("Sketch", parent: "Item")
        ])
        #expect {
            _ = try open(merged, type, at: url)
        } throws: { error in
            guard case MigrationError.incompatibleChanges(_, let changes) = error else { return false }
            return changes.map(\.description) == [
                "Item: would hold the rows of Note, Sketch, kept apart before (their keys would collide)"
            ]
        }
        #expect(try fetchAll("Sketch", in: try open(parentV1, type, at: url)).count == 1)
    }
}
