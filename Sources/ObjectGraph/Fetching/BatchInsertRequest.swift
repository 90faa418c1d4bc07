import Foundation

/// Inserts objects of one entity from dictionaries of attribute values, without the caller
/// making objects (Core Data's `NSBatchInsertRequest`). Run it with
/// ``ManagedObjectContext/execute(_:)-(BatchInsertRequest)``.
///
/// The objects are inserted and saved in one transaction through a context of their own on
/// the same coordinator: the model's rules, `awakeFromInsert()`, `willSave()`, uniqueness
/// constraints and persistent history apply as to any save (Core Data's batch insert skips
/// some of them; here a batch insert is never less checked than a save), and the caller's
/// unsaved changes take no part. All of them or none: a dictionary that breaks a rule
/// inserts nothing. Relationships are not set by a batch insert, as in Core Data.
public struct BatchInsertRequest: Sendable {
    /// What ``ManagedObjectContext/execute(_:)-(BatchInsertRequest)`` hands back (Core Data's
    /// `NSBatchInsertRequestResultType`).
    public enum ResultType: Sendable, Hashable {
        /// Only the count.
        case count
        /// The count and the permanent IDs of the inserted objects, in the order of ``objects``.
        case objectIDs
    }

    /// The entity of the new objects.
    public var entityName: String
    /// One dictionary per object: attribute names and values (``PredicateValue/null`` or a
    /// missing key leaves an attribute at its default).
    public var objects: [[String: PredicateValue]]
    /// What the result carries; ``ResultType/count`` by default.
    public var resultType: ResultType = .count

    /// A request inserting one object of `entityName` per dictionary of `objects`.
    public init(entityName: String, objects: [[String: PredicateValue]]) {
        self.entityName = entityName
        self.objects = objects
    }
}

/// What a ``BatchInsertRequest`` did (Core Data's `NSBatchInsertResult`).
public struct BatchInsertResult: Sendable, Hashable {
    /// How many objects were inserted.
    public var count: Int
    /// Their permanent IDs, when the request's ``BatchInsertRequest/resultType`` is
    /// ``BatchInsertRequest/ResultType/objectIDs``.
    public var objectIDs: [ObjectID]?
}

/// Why a ``BatchInsertRequest`` was refused before anything was written.
public enum BatchInsertError: Error, Hashable, Sendable, LocalizedError {
    /// Dictionary `index` names `key`, which is no attribute of `entity`.
    case unknownKey(entity: String, key: String, index: Int)
    /// Dictionary `index` names `key`, a relationship of `entity`; a batch insert sets attributes only.
    case relationship(entity: String, key: String, index: Int)

    public var errorDescription: String? {
        switch self {
        case .unknownKey(let entity, let key, let index):
            "Object \(index + 1) of the batch insert names '\(key)', which is no attribute of '\(entity)'."
        case .relationship(let entity, let key, let index):
            "Object \(index + 1) of the batch insert sets '\(key)', a relationship of '\(entity)'; a batch insert sets attributes only."
        }
    }
}
