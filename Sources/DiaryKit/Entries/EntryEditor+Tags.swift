import Foundation
import ObjectGraph

extension EntryEditor {
    /// The entry's tag names, sorted case-insensitively.
    public var tags: [String] { Diary.sortedNames(entry.tagNames) }

    /// Tags the entry with `name` (trimmed). An existing tag of that name in any case is
    /// reused; otherwise a new tag is created with this spelling. Tagging twice is harmless.
    /// - Throws: ``DiaryError/invalidTag(_:)`` for a name that is empty once trimmed; store errors.
    public func addTag(_ name: String) throws(DiaryError) {
        try addTags([name])
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
    /// In time linear in the names: the entry's keys are read once, the stored tags of all the
    /// names found in one fetch.
    /// - Throws: as ``addTag(_:)``, and ``DiaryError/tooManyTags(count:limit:)`` when the entry would
    ///   carry more than ``EntryLimits/maximumTagCount``; before any tag is added.
    public func addTags(_ names: [String]) throws(DiaryError) {
        for name in names where name.isBlank {
            throw .invalidTag(name)
        }
        var keys = Set(entry.tags.map { Tag.normalized($0.name) })
        var wanted: [(key: String, name: String)] = []
        for name in names {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            let key = Tag.normalized(trimmed)
            if keys.insert(key).inserted { wanted.append((key, trimmed)) }
        }
        guard !wanted.isEmpty else { return }
        if keys.count > EntryLimits.maximumTagCount {
            throw .tooManyTags(count: keys.count, limit: EntryLimits.maximumTagCount)
        }
        let existing = try existingTags(keys: wanted.map(\.key))
        for (key, name) in wanted {
            if let tag = existing[key] {
                entry.add(tag, to: "tags")
                continue
            }
            let tag = try DiaryError.wrapping(diary.databaseURL) { try context.insert(Tag.self) }
            tag.rename(to: name)
            entry.add(tag, to: "tags")
        }
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

    /// The stored (or already created in this session) tags with the normalized names `keys`,
    /// by key, in one fetch.
    private func existingTags(keys: [String]) throws(DiaryError) -> [String: Tag] {
        let request = FetchRequest(
            Tag.self, entityName: DiaryModel.Entity.tag,
            predicate: keys.count == 1
                ? .equals("normalizedName", .string(keys[0]))
                : PredicateKey("normalizedName").isIn(keys))
        let tags = try DiaryError.wrapping(diary.databaseURL) { try context.fetch(request) }
        return Dictionary(tags.map { ($0.normalizedName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Replaces every tag this session created by the stored tag of the same name, when
    /// another process created one meanwhile. Returns whether anything was replaced.
    func adoptStoredTags() -> Bool {
        var replaced = false
        let inserted = context.insertedObjects.compactMap { $0 as? Tag }
        guard !inserted.isEmpty else { return false }
        // One fetch for all of them, of the stored tags only.
        let request = FetchRequest(
            Tag.self, entityName: DiaryModel.Entity.tag,
            predicate: PredicateKey("normalizedName").isIn(inserted.map(\.normalizedName)))
        var stored: [String: Tag] = [:]
        for tag in (try? context.fetch(request)) ?? [] where !tag.isInserted { stored[tag.normalizedName] = tag }
        for tag in inserted {
            guard let existing = stored[tag.normalizedName] else { continue }
            for owner in tag.entries { owner.remove(tag, from: "tags"); owner.add(existing, to: "tags") }
            context.delete(tag)
            replaced = true
        }
        return replaced
    }
}
