import Foundation
import ObjectGraph

/// The tags of a bulk write by case-folded name: the stored ones by ID (they outlive a
/// context reset between batches) and the ones the unsaved batch made, so each name is
/// looked up or created once.
struct BulkTagCache {
    private var stored: [String: ObjectID] = [:]
    private var created: [String: Tag] = [:]

    /// Reads every stored tag's ID with `context` (one fetch), forgetting unsaved ones.
    /// - Throws: ``DiaryError`` when the fetch fails (`store` names the database).
    mutating func load(with context: ManagedObjectContext, store: URL) throws(DiaryError) {
        let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag)
        let tags = try DiaryError.wrapping(store) { try context.fetch(request) }
        stored = [:]
        created = [:]
        for tag in tags { stored[Tag.normalized(tag.name)] = tag.objectID }
    }

    /// The tag called `name` (already trimmed and not empty) in any case, made in `context`
    /// on first use.
    /// - Throws: ``DiaryError`` when the context refuses the new tag.
    mutating func tag(named name: String, in context: ManagedObjectContext, store: URL) throws(DiaryError) -> Tag {
        let key = Tag.normalized(name)
        if let tag = created[key] { return tag }
        if let id = stored[key], let tag = context.object(with: id) as? Tag { return tag }
        let tag = try DiaryError.wrapping(store) { try context.insert(Tag.self) }
        tag.rename(to: name)
        created[key] = tag
        return tag
    }

    /// Forgets the tags made since the last save or load, whose batch was not saved.
    mutating func discardCreated() {
        created = [:]
    }

    /// Keeps the tags the saved batch made as stored ones (call after the save, before a reset).
    mutating func batchSaved() {
        for (key, tag) in created { stored[key] = tag.objectID }
        created = [:]
    }
}
