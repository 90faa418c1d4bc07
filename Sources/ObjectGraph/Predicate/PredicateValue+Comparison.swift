import Foundation

/// Equality and order of predicate constants, as the in-memory evaluator applies them.
///
/// They follow what SQLite does with the column encodings of ``SQLPredicateSchema``, so
/// that a predicate selects the same objects in memory as in SQL: booleans, integers,
/// doubles and dates (seconds since 2001, as the SQLite store keeps them) compare as
/// numbers; strings by Unicode scalars after folding for `[c]`/`[d]`; a UUID compares as its upper-case string; data
/// byte-wise; objects by primary key (permanent IDs) or identity (temporary IDs);
/// `nil` equals only `nil` and is never ordered.
extension PredicateValue {
    /// The value as a number, for booleans, integers, doubles and dates.
    private var numeric: (integer: Int64?, double: Double)? {
        switch self {
        case .bool(let value): return (value ? 1 : 0, value ? 1 : 0)
        case .integer(let value): return (value, Double(value))
        case .double(let value): return (nil, value)
        case .date(let value): return (nil, value.timeIntervalSinceReferenceDate)
        default: return nil
        }
    }

    /// The value as text, for strings and UUIDs.
    var textValue: String? {
        switch self {
        case .string(let value): return value
        case .uuid(let value): return value.uuidString
        default: return nil
        }
    }

    /// Whether `self` equals `other` under the `[c]`/`[d]` options.
    func isEqual(to other: PredicateValue, options: PredicateComparison.Options) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.object(let lhs), .object(let rhs)): return Self.sameObject(lhs, rhs)
        case (.data(let lhs), .data(let rhs)): return lhs == rhs
        case (.array, _), (_, .array): return false
        default:
            return order(comparedTo: other, options: options) == 0
        }
    }

    /// -1, 0 or 1 as `self` sorts before, with or after `other`; nil when the two cannot
    /// be ordered (nil, different kinds, objects).
    func order(comparedTo other: PredicateValue, options: PredicateComparison.Options) -> Int? {
        if let lhs = numeric, let rhs = other.numeric {
            if let l = lhs.integer, let r = rhs.integer { return l == r ? 0 : (l < r ? -1 : 1) }
            return lhs.double == rhs.double ? 0 : (lhs.double < rhs.double ? -1 : 1)
        }
        if let lhs = textValue, let rhs = other.textValue {
            return PredicateTextMatching.compare(
                PredicateTextMatching.fold(lhs, options),
                PredicateTextMatching.fold(rhs, options))
        }
        if case .data(let lhs) = self, case .data(let rhs) = other {
            return lhs.lexicographicallyPrecedes(rhs) ? -1 : (lhs == rhs ? 0 : 1)
        }
        return nil
    }

    /// Two objects are the same when their permanent keys are equal (a store's rows are
    /// told apart by key alone), or when they are the same temporary object.
    private static func sameObject(_ lhs: ObjectID, _ rhs: ObjectID) -> Bool {
        if let l = lhs.primaryKey, let r = rhs.primaryKey {
            return l == r
                && (lhs.storeIdentifier == nil || rhs.storeIdentifier == nil
                    || lhs.storeIdentifier == rhs.storeIdentifier)
        }
        return lhs == rhs
    }
}
