import Foundation
import ObjectGraph

/// A tag: a name shared by any number of entries, unique ignoring case.
final class Tag: ManagedObject {
    /// The name as first written; setting it also sets the case-folded key.
    var name: String {
        get { self["name"] ?? "" }
        set {
            self["name"] = newValue
            self["normalizedName"] = Tag.normalized(newValue)
        }
    }
    var entries: Set<DiaryEntry> { objects(forKey: "entries") }

    /// The key two names of one tag share: trimmed and case-folded.
    static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: .caseInsensitive, locale: nil)
    }
}
