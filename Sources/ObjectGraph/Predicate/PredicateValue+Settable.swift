import Foundation

extension PredicateValue {
    /// The Swift value `setValue(_:forKey:)` takes for an attribute.
    var settableValue: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .integer(let value): value
        case .double(let value): value
        case .string(let value): value
        case .date(let value): value
        case .uuid(let value): value
        case .data(let value): value
        case .object(let value): value
        case .array(let values): values.map(\.settableValue)
        }
    }
}
