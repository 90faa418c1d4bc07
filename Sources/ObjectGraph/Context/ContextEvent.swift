import Foundation

/// What a context tells its observers.
public enum ContextEvent {
    /// Objects were inserted, changed or deleted since the last such event (posted by
    /// ``ManagedObjectContext/processPendingChanges()``, which every save calls first).
    case objectsDidChange(ObjectChanges)
    /// A save is about to write these objects (validation has passed).
    case willSave(ObjectChanges)
    /// A save wrote these objects; the IDs are permanent, for other contexts to merge.
    case didSave(SaveSummary)
}

/// Objects of one context event. Not `Sendable`: the objects belong to the context.
public struct ObjectChanges {
    /// Inserted objects.
    public var inserted: [ManagedObject]
    /// Changed objects.
    public var updated: [ManagedObject]
    /// Deleted objects.
    public var deleted: [ManagedObject]
    /// Whether all three are empty.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}

/// The IDs one save wrote; `Sendable`, so it can cross to other contexts and tasks. Made by
/// a save, or by hand from what a batch request returns (its `objectIDs`), for
/// ``ManagedObjectContext/mergeChanges(fromRemoteContextSave:into:)``.
public struct SaveSummary: Sendable, Hashable {
    /// Permanent IDs of the inserted objects.
    public var inserted: [ObjectID]
    /// IDs of the updated objects.
    public var updated: [ObjectID]
    /// IDs of the deleted objects.
    public var deleted: [ObjectID]

    /// A summary of the objects a save (or a batch request) inserted, updated and deleted.
    public init(inserted: [ObjectID] = [], updated: [ObjectID] = [], deleted: [ObjectID] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// The objects a batch delete removed (its result needs ``BatchDeleteRequest/ResultType/objectIDs``).
    public init(_ result: BatchDeleteResult) {
        self.init(deleted: result.objectIDs ?? [])
    }

    /// The objects a batch update changed (its result needs ``BatchUpdateRequest/ResultType/objectIDs``).
    public init(_ result: BatchUpdateResult) {
        self.init(updated: result.objectIDs ?? [])
    }
}

/// Returned by ``ManagedObjectContext/addObserver(_:)``; pass it to
/// ``ManagedObjectContext/removeObserver(_:)`` to stop observing.
public struct ObserverToken: Hashable, Sendable {
    let id: Int
}
