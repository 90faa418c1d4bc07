import Foundation

/// Deletes every object of an entity that a predicate matches, in the store, without loading
/// the objects (Core Data's `NSBatchDeleteRequest`). Run it with ``ManagedObjectContext/execute(_:)``.
///
/// Unlike a save, no object's `prepareForDeletion()`, `willSave()` or validation runs; the
/// model's delete rules hold all the same: cascade deletes the destinations (in the store,
/// again without loading them), nullify and no action clear the links to the deleted rows,
/// and deny fails the whole request while a matched row still has destinations. Blob files
/// that only the deleted rows referred to are removed.
public struct BatchDeleteRequest: Sendable {
    /// What ``ManagedObjectContext/execute(_:)`` hands back (Core Data's `NSBatchDeleteRequestResultType`).
    public enum ResultType: Sendable, Hashable {
        /// Only the count.
        case count
        /// The count and the IDs of every deleted object, cascaded ones included.
        case objectIDs
    }

    /// The entity whose objects are deleted (with its sub-entities).
    public var entityName: String
    /// Which objects; nil for all of them.
    public var predicate: FetchPredicate?
    /// What the result carries; ``ResultType/count`` by default.
    public var resultType: ResultType = .count

    /// A request deleting the objects of `entityName` that `predicate` matches.
    public init(entityName: String, predicate: FetchPredicate? = nil) {
        self.entityName = entityName
        self.predicate = predicate
    }
}

/// What a ``BatchDeleteRequest`` did (Core Data's `NSBatchDeleteResult`).
public struct BatchDeleteResult: Sendable, Hashable {
    /// How many objects were deleted, cascaded ones included.
    public var count: Int
    /// Their IDs, when the request's ``BatchDeleteRequest/resultType`` is ``BatchDeleteRequest/ResultType/objectIDs``.
    public var objectIDs: [ObjectID]?
}
