import Foundation

extension FetchPredicate {
    /// `key == value`, the most common filter, without going through the format language.
    public static func equals(_ key: String, _ value: PredicateValue) -> FetchPredicate {
        .comparison(PredicateComparison(.keyPath([key]), .equal, .constant(value)))
    }
}
