import Foundation

@testable import ObjectGraph

/// A notes app with folders and tags, declared with typed properties: every kind of attribute
/// and relationship the typed API has, and a two-level hierarchy.
enum TypedNotes {
    final class Folder: ManagedObject {
        @Attribute(.unique, minLength: 1) var name: String
        /// The inverse is declared on `Note.folder` (declaring it on both sides is a cycle for the compiler).
        @Relationship(deleteRule: .cascade) var notes: Set<Note>
    }

    class Note: ManagedObject {
        @Attribute(maxLength: 200) var title: String
        @Attribute(.searchable) var body: String?
        @Attribute(.indexed) var created: Date
        @Attribute var pinned: Bool = false
        @Attribute(minValue: 0, maxValue: 5) var rating: Int16 = 0
        @Attribute var views: Int32?
        @Attribute var size: Int64?
        @Attribute var count: Int = 0
        @Attribute var score: Double?
        @Attribute var weight: Float?
        @Attribute var uuid: UUID
        @Attribute(.externalStorage) var attachment: Data?
        @Attribute(.transient) var draft: String?
        @Relationship(inverse: \Folder.notes) var folder: Folder?
        @Relationship(inverse: \Tag.notes) var tags: Set<Tag>
        /// Not typed: a key path to it names no attribute.
        var shout: String { title.uppercased() }
    }

    final class Checklist: Note {
        @Attribute var items: Int32 = 0
    }

    final class Tag: ManagedObject {
        @Attribute(.unique) var name: String
        @Relationship var notes: Set<Note>
    }

    /// The typed model.
    static let model: ManagedObjectModel = {
        do {
            return try ManagedObjectModel(entities: [
                EntityDescription(Folder.self), EntityDescription(Note.self), EntityDescription(Checklist.self),
                EntityDescription(Tag.self)
            ])
        } catch {
            preconditionFailure("the typed notes model is invalid: \(error)")
        }
    }()

    /// The same model through the string API.
    static let stringModel = makeModel([
        EntityDescription(
            "Folder",
            attributes: [
                AttributeDescription("name", .string, isOptional: false, minLength: 1)
            ],
            relationships: [
                RelationshipDescription(
                    "notes", destination: "Note", inverse: "folder", isToMany: true, deleteRule: .cascade)
            ], uniquenessConstraints: [["name"]]),
        EntityDescription(
            "Note",
            attributes: [
                AttributeDescription("title", .string, isOptional: false, maxLength: 200),
                AttributeDescription("body", .string, isSearchable: true),
                AttributeDescription("created", .date, isOptional: false, isIndexed: true),
                AttributeDescription("pinned", .boolean, isOptional: false, defaultValue: false),
                AttributeDescription(
                    "rating", .integer16, isOptional: false, defaultValue: Int16(0), minValue: 0, maxValue: 5),
                AttributeDescription("views", .integer32),
                AttributeDescription("size", .integer64),
                AttributeDescription("count", .integer64, isOptional: false, defaultValue: Int64(0)),
                AttributeDescription("score", .double),
                AttributeDescription("weight", .double),
                AttributeDescription("uuid", .uuid, isOptional: false),
                AttributeDescription("attachment", .binary, allowsExternalStorage: true),
                AttributeDescription("draft", .string, isTransient: true)
            ],
            relationships: [
                RelationshipDescription("folder", destination: "Folder", inverse: "notes"),
                RelationshipDescription("tags", destination: "Tag", inverse: "notes", isToMany: true)
            ]),
        EntityDescription(
            "Checklist", parent: "Note",
            attributes: [
                AttributeDescription("items", .integer32, isOptional: false, defaultValue: Int32(0))
            ]),
        EntityDescription(
            "Tag", attributes: [AttributeDescription("name", .string, isOptional: false)],
            relationships: [RelationshipDescription("notes", destination: "Note", inverse: "tags", isToMany: true)],
            uniquenessConstraints: [["name"]])
    ])
}
