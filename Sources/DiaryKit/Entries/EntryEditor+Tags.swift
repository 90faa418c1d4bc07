import Foundation
import ObjectGraph

extension EntryEditor {
    /// The entry's tag names, sorted case-insensitively.
    public var tags: [String] { Diary.sortedNames(entry.tagNames) }

    /// Tags the entry with `name` (trimmed). An existing tag of that name in any case is
    /// reused; otherwise a new tag is created with this spelling. Tagging twice is harmless.
    /// - Throws: ``DiaryError/invalidTag(_:)`` for a name that is empty once trimmed; store errors.
    public func addTag(_ name: String) throws(DiaryError) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidTag(name) }
        let key = Tag.normalized(trimmed)
        if entry.tags.contains(where: { Tag.normalized($0.name) == key }) { return }
        if let tag = try existingTag(key: key) {
            entry.add(tag, to: "tags")
            return
        }
        let tag = try DiaryError.wrapping(diary.databaseURL) { try context.insert(Tag.self) }
        tag.rename(to: trimmed)
        entry.add(tag, to: "tags")
    }

    /// Whether two names given by a user mean one tag (compared trimmed and case-insensitively,
    /// as ``addTag(_:)`` and ``removeTag(_:)`` compare them).
    public static func namesSameTag(_ one: String, _ other: String) -> Bool {
        Tag.normalized(one) == Tag.normalized(other)
    }

    /// A tag name as a user gives it in an option: trimmed, one leading `#` or `@` taken off
    /// (listings show tags as `#travel`, and people copy what they see).
    public static func tagName(fromOption name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first, first == "#" || first == "@" else { return trimmed }
        return String(trimmed.dropFirst())
    }

    /// Tags the entry with every name in `names`.
    /// - Throws: as ``addTag(_:)``, before any tag is added.
    public func addTags(_ names: [String]) throws(DiaryError) {
        for name in names where name.isBlank {
            throw .invalidTag(name)
        }
        for name in names { try addTag(name) }
    }

    /// Removes tag `name` (compared trimmed and case-insensitively) from the entry.
    /// - Returns: whether the entry had the tag.
    @discardableResult
    public func removeTag(_ name: String) -> Bool {
        let key = Tag.normalized(name)
        guard let tag = entry.tags.first(where: { Tag.normalized($0.name) == key }) else { return false }
        entry.remove(tag, from: "tags")
        return true
    }

    /// The stored (or already created in this session) tag with normalized name `key`.
    private func existingTag(key: String) throws(DiaryError) -> Tag? {
        let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag,
                                   predicate: .equals("normalizedName", .string(key)))
        return try DiaryError.wrapping(diary.databaseURL) { try context.fetch(request).first }
    }

    /// Replaces every tag this session created by the stored tag of the same name, when
    /// another process created one meanwhile. Returns whether anything was replaced.
    func adoptStoredTags() -> Bool {
        var replaced = false
        for tag in context.insertedObjects.compactMap({ $0 as? Tag }) {
            let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag,
                                       predicate: .equals("normalizedName", .string(Tag.normalized(tag.name))))
            guard let existing = (try? context.fetch(request))?.first(where: { !$0.isInserted }) else { continue }
            for owner in tag.entries { owner.remove(tag, from: "tags"); owner.add(existing, to: "tags") }
            context.delete(tag)
            replaced = true
        }
        return replaced
    }
}
