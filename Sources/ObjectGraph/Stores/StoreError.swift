import Foundation

/// Why a store could not be opened, read or written.
public enum StoreError: Error, CustomStringConvertible {
    /// The store was written with another model it keeps no description of (a store made before
    /// migration existed), so it cannot be migrated; the differing entities are named.
    case modelMismatch(storeHash: String, modelHash: String, differences: [String])
    /// The store file is not one this framework wrote, or it is damaged.
    case corruptStore(path: String, reason: String)
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// A store type needs a file URL and none was given.
    case missingURL(PersistentStoreType)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .modelMismatch(let storeHash, let modelHash, let differences):
            "The store was written with another model (store \(storeHash.prefix(12)), model \(modelHash.prefix(12))): "
                + (differences.isEmpty ? "the models differ" : differences.joined(separator: "; "))
                + ". The store does not record the description of its model, so it cannot be migrated; open it with that model."
        case .corruptStore(let path, let reason): "The store at \(path) is damaged or not a store: \(reason)."
        case .io(let path, let reason): "Could not read or write \(path): \(reason)."
        case .missingURL(let type): "A \(type.rawValue) store needs a file URL."
        }
    }
}
