import Foundation

/// Sets attributes of every object of an entity that a predicate matches, in the store, without
/// loading the objects (Core Data's `NSBatchUpdateRequest`). Run it with
/// ``ManagedObjectContext/execute(_:)-(BatchUpdateRequest)``.
///
/// Unlike a save, no object's `willSave()` runs and no context's unsaved changes take part;
/// the request's values are checked before anything is written: each key must be a stored
/// attribute of the entity (not a relationship, not transient, not an externally stored
/// binary), and each value must fit the attribute's type, optionality and validation rules.
/// Every updated row's version is bumped, so optimistic locking sees the change.
public struct BatchUpdateRequest: Sendable {
    /// What ``ManagedObjectContext/execute(_:)-(BatchUpdateRequest)`` hands back (Core Data's
    /// `NSBatchUpdateRequestResultType`).
    public enum ResultType: Sendable, Hashable {
        /// Only the count.
        case count
        /// The count and the IDs of every updated object.
        case objectIDs
    }

    /// The entity whose objects are updated (with its sub-entities).
    public var entityName: String
    /// Which objects; nil for all of them.
    public var predicate: FetchPredicate?
    /// The new values by attribute name (``PredicateValue/null`` clears an optional attribute).
    public var propertiesToUpdate: [String: PredicateValue]
    /// What the result carries; ``ResultType/count`` by default.
    public var resultType: ResultType = .count

    /// A request setting `propertiesToUpdate` on the objects of `entityName` that `predicate` matches.
    public init(entityName: String, predicate: FetchPredicate? = nil, propertiesToUpdate: [String: PredicateValue]) {
        self.entityName = entityName
        self.predicate = predicate
        self.propertiesToUpdate = propertiesToUpdate
    }
}

/// What a ``BatchUpdateRequest`` did (Core Data's `NSBatchUpdateResult`).
public struct BatchUpdateResult: Sendable, Hashable {
    /// How many objects were updated.
    public var count: Int
    /// Their IDs, when the request's ``BatchUpdateRequest/resultType`` is ``BatchUpdateRequest/ResultType/objectIDs``.
    public var objectIDs: [ObjectID]?
}

/// Why a ``BatchUpdateRequest`` was refused before anything was written.
public enum BatchUpdateError: Error, Hashable, Sendable, LocalizedError {
    /// The request sets no property.
    case nothingToUpdate(entity: String)
    /// `key` is a relationship of `entity`; a batch update sets attributes only.
    case relationship(entity: String, key: String)
    /// `key` is a transient attribute of `entity`, which the store does not keep.
    case transientAttribute(entity: String, key: String)
    /// `key` is a binary attribute of `entity` that allows external storage; set it through objects.
    case externallyStoredAttribute(entity: String, key: String)
    /// The value for `key` breaks `rule` (its type, being required, a range, length or pattern).
    case invalidValue(entity: String, key: String, rule: String)

    public var errorDescription: String? {
        switch self {
        case .nothingToUpdate(let entity):
            "The batch update of '\(entity)' sets no property; name at least one attribute."
        case .relationship(let entity, let key):
            "'\(key)' is a relationship of '\(entity)'; a batch update sets attributes only."
        case .transientAttribute(let entity, let key):
            "'\(key)' of '\(entity)' is transient and not stored; a batch update cannot set it."
        case .externallyStoredAttribute(let entity, let key):
            "'\(key)' of '\(entity)' may be stored in a blob file; set it on the objects and save instead."
        case .invalidValue(let entity, let key, let rule):
            "The batch update of '\(entity)' cannot set '\(key)': it \(rule)."
        }
    }
}
