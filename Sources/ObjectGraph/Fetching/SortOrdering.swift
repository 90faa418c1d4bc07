import Foundation

/// One sort key of a fetch: a key path (an attribute, or an attribute reached through to-one
/// relationships such as `"entry.creationTime"`), a direction and optional text folding.
/// (Named apart from Foundation's `SortDescriptor`, which sorts Swift values.)
public struct SortOrdering: Sendable, Hashable {
    /// The key path to sort by.
    public var key: String
    /// Ascending (nil first) or descending.
    public var ascending: Bool
    /// Text folding before comparing: `.caseInsensitive` and/or `.diacriticInsensitive`, the
    /// same folding as the predicates' `[c]` and `[d]`.
    public var options: PredicateComparison.Options

    /// Sorts by `key`, ascending unless told otherwise, without folding unless told.
    public init(_ key: String, ascending: Bool = true, options: PredicateComparison.Options = []) {
        self.key = key
        self.ascending = ascending
        self.options = options
    }

    /// Sorts by `key` ignoring case (and diacritics when `ignoringDiacritics`).
    public static func caseInsensitive(
        _ key: String, ascending: Bool = true,
        ignoringDiacritics: Bool = false
    ) -> SortOrdering {
        SortOrdering(
            key, ascending: ascending,
            options: ignoringDiacritics ? [.caseInsensitive, .diacriticInsensitive] : .caseInsensitive)
    }

    /// The key path split at its dots.
    var keyPath: [String] { key.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
}
