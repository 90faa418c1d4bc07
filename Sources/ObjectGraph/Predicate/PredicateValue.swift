import Foundation

/// A constant in a predicate.
public enum PredicateValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case date(Date)
    case uuid(UUID)
    case data(Data)
    /// A managed object, by identity (`diaryEntry == %@` with an object argument).
    case object(ObjectID)
    /// A list, for `IN %@` with an array argument.
    case array([PredicateValue])
}
