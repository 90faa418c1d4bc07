import Foundation

/// What a context does when a save finds rows changed or deleted elsewhere since it read them
/// (optimistic locking through each row's version), and what ``ManagedObjectContext/mergeChanges(fromContextDidSave:)``
/// does with keys changed on both sides.
public enum MergePolicy: Sendable, Hashable, CaseIterable {
    /// Fail with ``ConcurrencyError/mergeConflict(_:)`` naming the objects and keys (the default).
    case error
    /// Property by property, the store wins: keys changed elsewhere take the stored value, keys
    /// only changed here are written. A row deleted elsewhere stays deleted (the object leaves the context).
    case storeTrumps
    /// Property by property, this context wins: keys changed here are written, keys only changed
    /// elsewhere keep the stored value. A row deleted elsewhere is written again as a new row.
    case objectTrumps
    /// The whole object as this context holds it is written over the row, or written again as a
    /// new row when it was deleted elsewhere.
    case overwrite
    /// This context's changes to the conflicting objects are discarded in favour of the store.
    case rollback
    /// Property by property, what changed on one side only is merged: keys changed elsewhere
    /// take the stored value, keys changed here are written. A key changed on both sides, a
    /// many-to-many this context rewrites, or a row deleted elsewhere fails the save with
    /// ``ConcurrencyError/mergeConflict(_:)`` naming the keys, as ``error`` does; nothing is
    /// overwritten that the other writer changed.
    case mergeUnlessClashing
}
