import Foundation
import Testing

@testable import ObjectGraph

/// Derived attributes (Core Data's `NSDerivedAttributeDescription`): computed at every save
/// from a key path, a count or an aggregate, stored, and so fetched and sorted like any value,
/// on every store type.
private final class Shelf: ManagedObject {
    @Attribute var label: String = ""
    @Relationship(deleteRule: .cascade) var books: Set<Book>
    @Attribute(derivation: "books.@count") var bookCount: Int64 = 0
}

private final class Book: ManagedObject {
    @Attribute var title: String = ""
    @Relationship(inverse: \Shelf.books) var shelf: Shelf?
    @Attribute(derivation: "shelf.label") var shelfLabel: String?
}

@Suite struct DerivedAttributeTests {
    /// The typed API declares one with `@Attribute(derivation:)`.
    @Test(arguments: allStoreTypes)
    func aTypedAttributeIsDerivedToo(type: PersistentStoreType) throws {
        let stack = try TestStack(model: try ManagedObjectModel(types: [Shelf.self, Book.self]), type: type)
        let shelf = try stack.context.insert(Shelf.self)
        shelf.label = "Poetry"
        for title in ["Odes", "Songs"] {
            let book = try stack.context.insert(Book.self)
            book.title = title
            book.shelf = shelf
        }
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(try stack.context.fetch(Shelf.self).first)
        #expect(stored.bookCount == 2)
        #expect(try stack.context.fetch(Book.self, where: \.shelfLabel == "Poetry").count == 2)
    }

    private static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                "Folder", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("notes", destination: "Note", inverse: "folder", isToMany: true)
                ]),
            EntityDescription(
                "Note",
                attributes: [
                    AttributeDescription("title", .string),
                    AttributeDescription("folderName", .string, derivation: "folder.name"),
                    AttributeDescription("tagCount", .integer16, derivation: "tags.@count"),
                    AttributeDescription("weight", .double, derivation: "tags.@sum.weight")
                ],
                relationships: [
                    RelationshipDescription("folder", destination: "Folder", inverse: "notes"),
                    RelationshipDescription("tags", destination: "Tag", inverse: "notes", isToMany: true)
                ]),
            EntityDescription(
                "Tag", attributes: [AttributeDescription("weight", .double)],
                relationships: [
                    RelationshipDescription("notes", destination: "Note", inverse: "tags", isToMany: true)
                ])
        ])
    }

    @Test(arguments: allStoreTypes)
    func derivedValuesAreComputedAtEverySaveAndStored(type: PersistentStoreType) throws {
        let stack = try TestStack(model: Self.model(), type: type)
        let folder = try stack.context.insertObject(entityName: "Folder")
        folder.setValue("Work", forKey: "name")
        let note = try stack.context.insertObject(entityName: "Note")
        note.setValue("Plan", forKey: "title")
        note.setValue(folder, forKey: "folder")
        for weight in [1.5, 2.0] {
            let tag = try stack.context.insertObject(entityName: "Tag")
            tag.setValue(weight, forKey: "weight")
            note.add(tag, to: "tags")
        }
        try stack.context.save()
        #expect(note["folderName", as: String.self] == "Work")
        #expect(note["tagCount", as: Int16.self] == 2 && note["weight", as: Double.self] == 3.5)
        try stack.reopen()
        let stored = try #require(
            try stack.context.fetch(
                FetchRequest(entityName: "Note", predicate: try FetchPredicate(format: "tagCount == 2"))
            ).first)
        #expect(stored["folderName", as: String.self] == "Work")
        // A change of what it derives from is seen at the next save of the object.
        stored.setValue(nil, forKey: "folder")
        stored.setValue(Set<ManagedObject>(), forKey: "tags")
        try stack.context.save()
        try stack.reopen()
        let again = try #require(try fetchAll("Note", in: stack.context).first)
        #expect(again["folderName", as: String.self] == nil && again["tagCount", as: Int16.self] == 0)
    }

    @Test func aDerivationThatIsNotOneExpressionIsRefusedByTheModel() {
        for derivation in ["folder.", "title == 'x' OR title", "ANY tags.weight"] {
            #expect(throws: ModelError.self, "\(derivation)") {
                _ = try ManagedObjectModel(entities: [
                    EntityDescription(
                        "Note",
                        attributes: [
                            AttributeDescription("title", .string),
                            AttributeDescription("x", .string, derivation: derivation)
                        ])
                ])
            }
        }
    }

    @Test func aDerivedValueOfTheWrongTypeIsAValidationProblemNamingTheAttribute() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Note",
                attributes: [
                    AttributeDescription("title", .string),
                    AttributeDescription("copy", .integer64, derivation: "title")
                ])
        ])
        let stack = try TestStack(model: model, type: .inMemory)
        let note = try stack.context.insertObject(entityName: "Note")
        note.setValue("words", forKey: "title")
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.key) == ["copy"]
        }
    }
}
