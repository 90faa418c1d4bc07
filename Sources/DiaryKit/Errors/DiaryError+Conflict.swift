import Foundation
import ObjectGraph

extension DiaryError {
    /// What another process did to the objects of a failed save, as the middle of the
    /// sentence "another diary process … ; nothing was saved": `changed entry #3 meanwhile
    /// (its text was changed there too)`, `deleted entry #3 meanwhile`.
    static func clause(describing conflicts: [MergeConflict]) -> String {
        let entries = conflicts.filter { $0.objectID.entityName == DiaryModel.Entity.entry }
        let others = conflicts.filter { $0.objectID.entityName != DiaryModel.Entity.entry }
        var parts = entries.map { conflict in
            let entry = conflict.objectID.primaryKey.map { "entry #\($0)" } ?? "the entry"
            if conflict.isDeletedInStore { return "deleted \(entry) meanwhile" }
            let fields = conflict.clashingKeys.map(fieldName).sorted()
            guard !fields.isEmpty else { return "changed \(entry) meanwhile" }
            return
                "changed \(entry) meanwhile (its \(listed(fields)) \(fields.count == 1 ? "was" : "were") changed there too)"
        }
        if !others.isEmpty {
            let deleted = others.contains(where: \.isDeletedInStore)
            parts.append("\(deleted ? "deleted" : "changed") a medium or tag of the entry meanwhile")
        }
        return parts.isEmpty ? "changed the same entry meanwhile" : parts.joined(separator: " and ")
    }

    /// The word a user knows a stored key of an entry by.
    private static func fieldName(_ key: String) -> String {
        switch key {
        case "starred": "star"
        case "creationTime": "date"
        case "updateTime": "update time"
        case "icon": "thumbnail"
        case "timeZone": "time zone"
        default: key
        }
    }

    /// `text`, `text and star`, `date, star and text`.
    private static func listed(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }
}
