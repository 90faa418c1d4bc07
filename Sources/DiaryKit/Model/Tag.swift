import Foundation
import ObjectGraph

/// A tag: a name shared by any number of entries, unique ignoring case.
final class Tag: ManagedObject {
    /// The name as first written; set it with ``rename(to:)``, which also sets the key.
    @Attribute(.unique, minLength: 1) private(set) var name: String
    /// The name case-folded: unique, so "Travel" and "travel" are one tag even when two
    /// processes create them at once.
    @Attribute(.unique, minLength: 1) private(set) var normalizedName: String
    @Relationship(inverse: \DiaryEntry.tags, deleteRule: .nullify) var entries: Set<DiaryEntry>

    /// Sets the name and its case-folded key.
    func rename(to newName: String) {
        name = newName
        normalizedName = Tag.normalized(newName)
    }

    /// The key two names of one tag share: trimmed and case-folded.
    static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: .caseInsensitive, locale: nil)
    }
}
