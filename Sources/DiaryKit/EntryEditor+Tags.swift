import Foundation
import ObjectGraph

extension EntryEditor {
    /// The entry's tag names, sorted case-insensitively.
    public var tags: [String] { Diary.sortedNames(entry.tags) }

    /// Tags the entry with `name` (trimmed). An existing tag of that name in any case is
    /// reused; otherwise a new tag is created with this spelling. Tagging twice is harmless.
    /// - Throws: ``DiaryError/invalidTag(_:)`` for a name that is empty once trimmed; store errors.
    public func addTag(_ name: String) throws(DiaryError) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidTag(name) }
        if entry.tags.contains(where: { Self.sameTag($0.name, trimmed) }) { return }
        if let tag = try existingTag(named: trimmed) {
            entry.add(tag, to: "tags")
            return
        }
        let tag = try DiaryError.wrapping(diary.databaseURL) { try context.insert(Tag.self) }
        tag.name = trimmed
        entry.add(tag, to: "tags")
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
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let tag = entry.tags.first(where: { Self.sameTag($0.name, trimmed) }) else { return false }
        entry.remove(tag, from: "tags")
        return true
    }

    /// The stored (or already created in this session) tag named `name` in any case.
    private func existingTag(named name: String) throws(DiaryError) -> Tag? {
        let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag)
        let tags = try DiaryError.wrapping(diary.databaseURL) { try context.fetch(request) }
        return tags.first { $0.name == name } ?? tags.first { Self.sameTag($0.name, name) }
    }

    /// Replaces every tag this session created by the stored tag of the same name, when
    /// another process created one meanwhile. Returns whether anything was replaced.
    func adoptStoredTags() -> Bool {
        let created = context.insertedObjects.compactMap { $0 as? Tag }
        guard !created.isEmpty else { return false }
        let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag)
        guard let stored = try? context.fetch(request).filter({ !$0.isInserted }) else { return false }
        var replaced = false
        for tag in created {
            guard let existing = stored.first(where: { Self.sameTag($0.name, tag.name) }) else { continue }
            for owner in tag.entries { owner.remove(tag, from: "tags"); owner.add(existing, to: "tags") }
            context.delete(tag)
            replaced = true
        }
        return replaced
    }

    /// Whether two tag names are the same tag: equal ignoring case.
    static func sameTag(_ lhs: String, _ rhs: String) -> Bool {
        lhs.caseInsensitiveCompare(rhs) == .orderedSame
    }
}
