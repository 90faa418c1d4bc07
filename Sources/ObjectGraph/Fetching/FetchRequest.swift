import Foundation

/// What to fetch: objects of one entity (and its sub-entities), filtered, sorted, paged.
///
/// ```swift
/// var request = FetchRequest(Word.self, entityName: "Word")
/// request.predicate = .equals("translation", .string("hola"))
/// request.sortOrderings = [SortOrdering("word")]
/// let words = try context.fetch(request)
/// ```
public struct FetchRequest<Result: ManagedObject>: Sendable {
    /// The entity to fetch.
    public var entityName: String
    /// Whether objects of sub-entities are included (the default).
    public var includesSubentities = true
    /// The filter, or nil for all objects.
    public var predicate: FetchPredicate?
    /// Sort keys, most significant first.
    public var sortOrderings: [SortOrdering] = []
    /// At most this many objects, or nil for all.
    public var fetchLimit: Int?
    /// Skips this many objects first.
    public var fetchOffset = 0
    /// When true, fetched objects are faults whose values load on first access.
    public var returnsObjectsAsFaults = false

    /// A request for objects of `entityName`, typed as `Result`.
    public init(_ type: Result.Type, entityName: String, predicate: FetchPredicate? = nil,
                sortOrderings: [SortOrdering] = []) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortOrderings = sortOrderings
    }
}

extension FetchRequest where Result == ManagedObject {
    /// A request for objects of `entityName`, as plain ``ManagedObject``s.
    public init(entityName: String, predicate: FetchPredicate? = nil, sortOrderings: [SortOrdering] = []) {
        self.init(ManagedObject.self, entityName: entityName, predicate: predicate, sortOrderings: sortOrderings)
    }
}
