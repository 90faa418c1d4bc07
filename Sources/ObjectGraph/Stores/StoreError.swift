import Foundation

/// Why a store could not be opened: what is wrong with its model, its schema or its files as a
/// whole. Failures of a family a caller handles alike (busy, read-only, corrupt, I/O) are
/// ``StoreFailure``s.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The store was written with another model it keeps no description of (a store made before
    /// migration existed), so it cannot be migrated; the differing entities are named.
    case modelMismatch(storeHash: String, modelHash: String, differences: [String])
    /// A store type needs a file URL and none was given.
    case missingURL(PersistentStoreType)
    /// There is no store at `path` and the options said not to create one.
    case missingStore(path: String)
    /// The database at `path` is missing or empty (`isEmpty`), but the blob folder beside it
    /// still holds `blobCount` files: the rows that referred to them are gone, so the store is
    /// not opened (and nothing is created or removed).
    case missingDatabase(path: String, isEmpty: Bool, blobFolder: String, blobCount: Int)
    /// The tables, columns or indexes of the database at `path` are not those the model asks
    /// for; each problem names one (`the table Tag is missing`).
    case damagedSchema(path: String, problems: [String])
    /// The write-ahead log beside the database at `path` is damaged where SQLite would take it
    /// for the torn end a crash leaves: opening would silently drop every commit from `frame`
    /// on (0: the log's header), `laterCommits` of them after the damaged frame, and the next
    /// write would overwrite them. Nothing was opened or changed; see
    /// ``PersistentStoreCoordinator/setAsideDamagedLog(ofDatabaseAt:key:)``.
    case damagedLog(path: String, frame: Int, laterCommits: Int)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .modelMismatch(let storeHash, let modelHash, let differences):
            "The store was written with another model (store \(storeHash.prefix(12)), model \(modelHash.prefix(12))): "
                + (differences.isEmpty ? "the models differ" : differences.joined(separator: "; "))
                + ". The store does not record the description of its model, so it cannot be migrated; open it with that model."
        case .missingURL(let type): "A \(type.rawValue) store needs a file URL."
        case .missingStore(let path): "There is no store at \(path)."
        case .missingDatabase(let path, let isEmpty, let blobFolder, let blobCount):
            "The database \(path) is \(isEmpty ? "empty" : "missing") but \(blobFolder) holds \(blobCount) "
                + "\(blobCount == 1 ? "file" : "files"); nothing was touched. Restore the database from a backup."
        case .damagedSchema(let path, let problems):
            "The store at \(path) is damaged: \(problems.joined(separator: "; "))."
        case .damagedLog(let path, let frame, let laterCommits):
            "The write-ahead log of \(path) is damaged at \(frame == 0 ? "its header" : "frame \(frame)")"
                + (laterCommits > 0
                    ? ", with \(laterCommits) later \(laterCommits == 1 ? "commit" : "commits") after it" : "")
                + "; opening it would silently lose what it holds, so nothing was opened or changed."
        }
    }
}
