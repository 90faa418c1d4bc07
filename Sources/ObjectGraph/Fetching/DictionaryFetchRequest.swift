import Foundation

/// A fetch whose results are dictionaries of chosen properties and computed expressions,
/// optionally grouped (Core Data's `.dictionaryResultType` with `propertiesToFetch`,
/// `NSExpressionDescription`, `propertiesToGroupBy` and `havingPredicate`). Run it with
/// `ManagedObjectContext.fetchDictionaries(_:)`.
///
/// ```swift
/// var request = DictionaryFetchRequest(entityName: "LineItem")
/// request.propertiesToFetch = [.key("order.name"), .expression(ExpressionDescription("total", .sum, of: "price"))]
/// request.propertiesToGroupBy = ["order.name"]
/// request.havingPredicate = try FetchPredicate(format: "total > 10")
/// ```
public struct DictionaryFetchRequest: Sendable {
    /// One entry of ``propertiesToFetch``.
    public enum Property: Sendable, Hashable {
        /// An attribute, or a key path through to-one relationships (`order.name`); the result's
        /// key is the key path.
        case key(String)
        /// A computed value; the result's key is its name.
        case expression(ExpressionDescription)
    }

    /// The entity whose objects are read (with its sub-entities).
    public var entityName: String
    /// Which objects; nil for all.
    public var predicate: FetchPredicate?
    /// The order of the objects, and so of the groups (each group where its first object is).
    public var sortOrderings: [SortOrdering] = []
    /// What each dictionary holds.
    public var propertiesToFetch: [Property] = []
    /// Key paths whose values form the groups: one dictionary per distinct combination, with
    /// the expressions computed over the group's objects. Without group keys, expressions are
    /// computed over all matched objects (one dictionary); without expressions either, each
    /// object gives one dictionary.
    public var propertiesToGroupBy: [String] = []
    /// Which result dictionaries are kept, by their keys and expression names (`total > 10`).
    public var havingPredicate: FetchPredicate?
    /// Whether equal dictionaries are given once (the first, in order), as Core Data's
    /// `returnsDistinctResults` (SQL's `SELECT DISTINCT`).
    public var returnsDistinctResults = false
    /// Dictionaries skipped from the start, after ``havingPredicate`` and distinct results.
    public var fetchOffset = 0
    /// The most dictionaries given, after the offset; nil (or 0 and less) for all.
    public var fetchLimit: Int?

    /// A request for dictionaries of `entityName` objects.
    public init(entityName: String, predicate: FetchPredicate? = nil) {
        self.entityName = entityName
        self.predicate = predicate
    }
}

/// A named value computed over the objects of a dictionary fetch (or of one group): Core
/// Data's `NSExpressionDescription` with a function expression.
public struct ExpressionDescription: Sendable, Hashable {
    /// The function applied to the key path's values.
    public enum Function: String, Sendable, Hashable, CaseIterable {
        /// The total (0 of none).
        case sum
        /// The mean (nil of none).
        case average
        /// The smallest value (nil of none).
        case minimum
        /// The largest value (nil of none).
        case maximum
        /// How many values are not nil (of objects, with the key path `SELF`).
        case count
    }

    /// The key the value has in the result dictionary.
    public var name: String
    /// The function.
    public var function: Function
    /// An attribute or a key path through to-one relationships; `SELF` for the objects themselves.
    public var keyPath: String

    /// `function` of the `keyPath` values, as `name`.
    public init(_ name: String, _ function: Function, of keyPath: String) {
        self.name = name
        self.function = function
        self.keyPath = keyPath
    }

    /// The value of the function over `values` (nil ones left out, as SQL's aggregates do).
    func evaluate(_ values: [PredicateValue]) -> PredicateValue {
        let present = values.filter { $0 != .null }
        switch function {
        case .count: return .integer(Int64(present.count))
        case .sum: return PredicateAggregate.sum.aggregate(present)
        case .average: return PredicateAggregate.average.aggregate(present)
        case .minimum: return PredicateAggregate.minimum.aggregate(present)
        case .maximum: return PredicateAggregate.maximum.aggregate(present)
        }
    }
}
