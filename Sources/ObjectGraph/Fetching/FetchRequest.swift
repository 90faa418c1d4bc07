import Foundation

/// What to fetch: objects of one entity (and its sub-entities), filtered, sorted, paged.
///
/// ```swift
/// var request = FetchRequest(Word.self, entityName: "Word")
/// request.predicate = try FetchPredicate(format: "translation BEGINSWITH[c] %@", "ho")
/// request.sortOrderings = [SortOrdering("word")]
/// let words = try context.fetch(request)
/// ```
///
/// ## Topics
///
/// ### Making a request
/// - ``init(_:entityName:predicate:sortOrderings:)``, ``init(entityName:predicate:sortOrderings:)``
/// - ``init(_:)`` (a typed class's entity; `FetchRequest+Typed`)
///
/// ### What matches, in which order
/// - ``entityName``, ``includesSubentities``, ``predicate``, ``sortOrderings``, ``fullTextSearch``
/// - ``fetchLimit``, ``fetchOffset``
/// - ``where(_:)``, ``sorted(by:ascending:options:)``, ``limit(_:)`` (typed, with key paths)
///
/// ### How much is read
/// - ``returnsObjectsAsFaults``, ``fetchBatchSize``, ``propertiesToFetch``
/// - ``relationshipKeyPathsForPrefetching``, ``prefetching(_:)``
///
/// ### Running it
/// - ``ManagedObjectContext/fetch(_:)``, ``ManagedObjectContext/count(for:)``,
///   ``ManagedObjectContext/fetchObjectIDs(_:)``, ``FetchedResultsController``
/// - ``DictionaryFetchRequest``, ``BatchDeleteRequest``, ``BatchUpdateRequest`` (the other kinds of request)
public struct FetchRequest<Result: ManagedObject>: Sendable {
    /// The entity to fetch.
    public var entityName: String
    /// Whether objects of sub-entities are included (the default).
    public var includesSubentities = true
    /// The filter, or nil for all objects.
    public var predicate: FetchPredicate?
    /// Sort keys, most significant first.
    public var sortOrderings: [SortOrdering] = []
    /// At most this many objects; nil or 0 (as in Core Data) for all.
    public var fetchLimit: Int?
    /// Skips this many objects first.
    public var fetchOffset = 0
    /// When true (the default, as in Core Data), fetched objects are faults: their values are
    /// the rows the fetch read, taken on first access without another query, and
    /// `awakeFromFetch()` runs then. Objects with unsaved changes are never faults. (Measured
    /// no slower than plain objects since a fetch stopped retaining per row what it hands on:
    /// bench: objectgraph/fetch-100k-read 2.01-2.07x raw SQLite with faults, 2.03-2.08x without.)
    public var returnsObjectsAsFaults = true
    /// When above 0, the fetch reads only the objects' IDs and hands out faults; touching
    /// one fills it together with the next `fetchBatchSize` objects of the result, in one query.
    public var fetchBatchSize = 0
    /// Relationship key paths (`"media"`, `"entry.tags"`) whose destinations are loaded with
    /// the fetch: one query per relationship step for all fetched objects, none per object.
    public var relationshipKeyPathsForPrefetching: [String] = []
    /// The attributes and to-one relationships ``ManagedObjectContext/fetchDictionaries(_:)``
    /// returns; nil for every attribute.
    public var propertiesToFetch: [String]?
    /// Restricts the result to objects whose searchable text matches (see ``FullTextSearch``).
    public var fullTextSearch: FullTextSearch?
    /// Whether ``entityName`` was taken from `Result`'s name by ``init(_:)``: a context then
    /// fetches the entity the model maps `Result` to, whatever that entity is called.
    var entityNameIsTypeName = false

    /// A request for objects of `entityName`, typed as `Result`.
    public init(
        _ type: Result.Type, entityName: String, predicate: FetchPredicate? = nil,
        sortOrderings: [SortOrdering] = []
    ) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortOrderings = sortOrderings
    }
}

extension FetchRequest {
    /// The limit the store applies: nil for none, which is what a limit of 0 (or less) means.
    var effectiveFetchLimit: Int? { fetchLimit.flatMap { $0 > 0 ? $0 : nil } }
}

extension FetchRequest where Result == ManagedObject {
    /// A request for objects of `entityName`, as plain ``ManagedObject``s.
    public init(entityName: String, predicate: FetchPredicate? = nil, sortOrderings: [SortOrdering] = []) {
        self.init(ManagedObject.self, entityName: entityName, predicate: predicate, sortOrderings: sortOrderings)
    }
}
