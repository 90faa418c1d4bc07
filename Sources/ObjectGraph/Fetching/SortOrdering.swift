import Foundation

/// One sort key of a fetch: an attribute name and a direction.
/// (Named apart from Foundation's `SortDescriptor`, which sorts Swift values.)
public struct SortOrdering: Sendable, Hashable {
    /// The attribute to sort by.
    public var key: String
    /// Ascending (nil first) or descending.
    public var ascending: Bool

    /// Sorts by `key`, ascending unless told otherwise.
    public init(_ key: String, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }
}
