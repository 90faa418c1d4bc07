import Foundation

/// Why a fetch request could not run as asked.
public enum FetchRequestError: Error, Equatable, CustomStringConvertible {
    /// A full-text search names an attribute that is not a stored string marked `isSearchable`.
    case notSearchable(entity: String, attribute: String)
    /// A full-text search on an entity without searchable attributes.
    case nothingSearchable(entity: String)
    /// `propertiesToFetch` or a prefetching key path names something the entity lacks, or a
    /// prefetching key path steps through something that is not a relationship.
    case unknownProperty(entity: String, key: String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .notSearchable(let entity, let attribute):
            "'\(entity).\(attribute)' is not searchable; mark the string attribute isSearchable to search it."
        case .nothingSearchable(let entity):
            "Entity '\(entity)' has no searchable attribute; mark a string attribute isSearchable to search it."
        case .unknownProperty(let entity, let key):
            "Entity '\(entity)' has no property '\(key)' to fetch or prefetch."
        }
    }
}
