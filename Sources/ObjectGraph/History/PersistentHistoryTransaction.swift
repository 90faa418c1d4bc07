import Foundation

/// One save as the persistent history recorded it (Core Data's `NSPersistentHistoryTransaction`):
/// when, by whom, and every object it inserted, updated or deleted. Fetch them with
/// ``ManagedObjectContext/fetchHistory(after:)``; bring one into another context with
/// ``ManagedObjectContext/mergeChanges(fromHistory:)``.
public struct PersistentHistoryTransaction: Sendable, Hashable {
    /// The place of this transaction: fetching after it gives the ones saved later.
    public var token: PersistentHistoryToken
    /// When the save was written (the clock of the process that saved).
    public var timestamp: Date
    /// The saving context's ``ManagedObjectContext/transactionAuthor``.
    public var author: String?
    /// The saving context's ``ManagedObjectContext/name``.
    public var contextName: String?
    /// Every object the save inserted, updated or deleted: inserts first, then updates, then
    /// deletes, each in entity name and key order.
    public var changes: [PersistentHistoryChange]

    /// The IDs of the objects the save changed, in the form a did-save event carries (what
    /// ``ManagedObjectContext/mergeChanges(fromContextDidSave:)-(SaveSummary)`` takes).
    public var saveSummary: SaveSummary {
        var summary = SaveSummary(inserted: [], updated: [], deleted: [])
        for change in changes {
            switch change.kind {
            case .insert: summary.inserted.append(change.objectID)
            case .update: summary.updated.append(change.objectID)
            case .delete: summary.deleted.append(change.objectID)
            }
        }
        return summary
    }
}
