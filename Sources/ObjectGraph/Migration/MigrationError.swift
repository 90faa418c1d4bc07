import Foundation

/// Why a store written with another model could not be migrated to the current one.
/// Whatever the case, the store is left exactly as it was.
public enum MigrationError: Error, CustomStringConvertible {
    /// Some changes need more than a lightweight migration; each is listed.
    case incompatibleChanges(path: String, changes: [ModelChange])
    /// A uniqueness constraint cannot be added: these stored values occur more than once.
    case duplicateValues(entity: String, keys: [String], duplicates: [String])
    /// After the rebuild, rows pointed at rows that do not exist (the migration was rolled back).
    case integrityCheckFailed(path: String, problems: [String])
    /// The backup copy of the store could not be made, so nothing was migrated.
    case backupFailed(path: String, reason: String)
    /// The store was written by a newer version of the program (its model was migrated away
    /// from the current one), so opening it would mean migrating back and losing data.
    case newerStore(path: String)

    /// A sentence naming the problem and what to do.
    public var description: String {
        switch self {
        case .incompatibleChanges(let path, let changes):
            "The store at \(path) cannot be migrated to the current model automatically; these changes need a manual "
                + "migration: " + changes.map(\.description).joined(separator: "; ") + ". The store was left unchanged."
        case .duplicateValues(let entity, let keys, let duplicates):
            "Cannot make \(entity).\(keys.joined(separator: "+")) unique: these values occur more than once: "
                + duplicates.joined(separator: "; ")
                + ". Remove the duplicates with the old model first; the store was left unchanged."
        case .integrityCheckFailed(let path, let problems):
            "Migrating the store at \(path) would leave broken references (" + problems.joined(separator: "; ")
                + "); the store was left unchanged."
        case .backupFailed(let path, let reason):
            "Could not make the backup copy \(path) before migrating: \(reason). The store was left unchanged."
        case .newerStore(let path):
            "The store at \(path) was written by a newer version of this program; update the program to open it. "
                + "The store was left unchanged."
        }
    }
}
