import Foundation

/// A fetch as a store runs it.
struct StoreFetch: Sendable {
    var entity: EntityDescription
    var includesSubentities: Bool
    var predicate: FetchPredicate?
    var sortOrderings: [SortOrdering]
    var limit: Int?
    var offset: Int
    var fullTextSearch: FullTextSearch? = nil
    /// Leave binary attribute values in the store (``StoredValue/deferred``); see
    /// ``ManagedObjectContext/defersBinaryValues``. Stores that hold the graph in memory ignore it.
    var defersBinaryValues = false

    /// The names of the entities whose rows qualify.
    var entityNames: [String] { includesSubentities ? entity.hierarchyNames : [entity.name] }
}
