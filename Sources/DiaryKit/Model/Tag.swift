import Foundation
import ObjectGraph

/// A tag: a unique name shared by any number of entries.
final class Tag: ManagedObject {
    var name: String { get { self["name"] ?? "" } set { self["name"] = newValue } }
    var entries: Set<DiaryEntry> { objects(forKey: "entries") }
}
