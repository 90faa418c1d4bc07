import Foundation

/// Thrown by a store's write when updated or deleted rows no longer have the version the
/// context read (changed or deleted by another writer); the transaction was rolled back.
/// The context resolves it by its ``MergePolicy`` and retries.
struct RowConflicts: Error, Sendable {
    /// The objects whose rows conflict.
    var objectIDs: [ObjectID]
}
