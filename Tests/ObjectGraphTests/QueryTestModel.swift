import Foundation

@testable import ObjectGraph

/// Journal ← Entry (searchable text and title, indexed creation time) → media (one-to-many)
/// and tags (many-to-many): the shape of the diary, for fetch requests, full-text search and
/// the results controller.
let queryModel = makeQueryModel()

/// The query model, optionally with `mood` searchable and more attributes on `Entry` (a
/// later version of it, for migration tests).
func makeQueryModel(
    moodIsSearchable: Bool = false, moreEntryAttributes: [AttributeDescription] = []
) -> ManagedObjectModel {
    makeModel([
        EntityDescription(
            "Journal", attributes: [AttributeDescription("name", .string)],
            relationships: [
                RelationshipDescription("entries", destination: "Entry", inverse: "journal", isToMany: true)
            ]),
        EntityDescription(
            "Entry",
            attributes: [
                AttributeDescription("creationTime", .date, isIndexed: true),
                AttributeDescription("title", .string, isSearchable: true),
                AttributeDescription("text", .string, isSearchable: true),
                AttributeDescription("mood", .string, isSearchable: moodIsSearchable),
                AttributeDescription("rating", .integer64)
            ] + moreEntryAttributes,
            relationships: [
                RelationshipDescription("journal", destination: "Journal", inverse: "entries"),
                RelationshipDescription(
                    "media", destination: "Media", inverse: "entry", isToMany: true, deleteRule: .cascade),
                RelationshipDescription("tags", destination: "Tag", inverse: "entries", isToMany: true)
            ]),
        EntityDescription(
            "Media", attributes: [AttributeDescription("name", .string)],
            relationships: [
                RelationshipDescription("entry", destination: "Entry", inverse: "media")
            ]),
        EntityDescription(
            "Tag", attributes: [AttributeDescription("name", .string)],
            relationships: [
                RelationshipDescription("entries", destination: "Entry", inverse: "tags", isToMany: true)
            ])
    ])
}

/// Inserts an entry with the given values.
@discardableResult
func insertEntry(
    _ context: ManagedObjectContext, title: String? = nil, text: String? = nil, mood: String? = nil,
    rating: Int64? = nil, at time: Date? = nil, journal: ManagedObject? = nil
) throws -> ManagedObject {
    let entry = try context.insertObject(entityName: "Entry")
    entry.setValue(title, forKey: "title")
    entry.setValue(text, forKey: "text")
    entry.setValue(mood, forKey: "mood")
    entry.setValue(rating, forKey: "rating")
    entry.setValue(time, forKey: "creationTime")
    if let journal { entry.setValue(journal, forKey: "journal") }
    return entry
}

/// The titles of `objects`, in order.
func titles(_ objects: [ManagedObject]) -> [String?] { objects.map { $0["title", as: String.self] } }
