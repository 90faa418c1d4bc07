import Foundation

/// A Swift value that can stand as a constant in a predicate: the arguments of
/// `FetchPredicate(format:_:)` and the right-hand sides of ``PredicateKey`` comparisons.
///
/// The core makes `ManagedObject` conform (as ``PredicateValue/object(_:)``) so objects can
/// be passed for `%@` directly.
public protocol PredicateArgumentConvertible {
    /// The value as a predicate constant.
    var predicateValue: PredicateValue { get }
}

extension PredicateValue: PredicateArgumentConvertible {
    /// The value itself.
    public var predicateValue: PredicateValue { self }
}

extension String: PredicateArgumentConvertible {
    /// A string constant.
    public var predicateValue: PredicateValue { .string(self) }
}

extension Substring: PredicateArgumentConvertible {
    /// A string constant.
    public var predicateValue: PredicateValue { .string(String(self)) }
}

extension Bool: PredicateArgumentConvertible {
    /// A boolean constant.
    public var predicateValue: PredicateValue { .bool(self) }
}

extension PredicateArgumentConvertible where Self: FixedWidthInteger {
    /// An integer constant (every conforming type fits in 64 signed bits).
    public var predicateValue: PredicateValue { .integer(Int64(truncatingIfNeeded: self)) }
}

extension Int: PredicateArgumentConvertible {}
extension Int8: PredicateArgumentConvertible {}
extension Int16: PredicateArgumentConvertible {}
extension Int32: PredicateArgumentConvertible {}
extension Int64: PredicateArgumentConvertible {}
extension UInt8: PredicateArgumentConvertible {}
extension UInt16: PredicateArgumentConvertible {}
extension UInt32: PredicateArgumentConvertible {}

extension Double: PredicateArgumentConvertible {
    /// A floating-point constant.
    public var predicateValue: PredicateValue { .double(self) }
}

extension Float: PredicateArgumentConvertible {
    /// A floating-point constant.
    public var predicateValue: PredicateValue { .double(Double(self)) }
}

extension Date: PredicateArgumentConvertible {
    /// A date constant.
    public var predicateValue: PredicateValue { .date(self) }
}

extension UUID: PredicateArgumentConvertible {
    /// A UUID constant.
    public var predicateValue: PredicateValue { .uuid(self) }
}

extension Data: PredicateArgumentConvertible {
    /// A binary constant.
    public var predicateValue: PredicateValue { .data(self) }
}

extension ObjectID: PredicateArgumentConvertible {
    /// The object with this ID.
    public var predicateValue: PredicateValue { .object(self) }
}

extension Optional: PredicateArgumentConvertible where Wrapped: PredicateArgumentConvertible {
    /// The wrapped value, or ``PredicateValue/null``.
    public var predicateValue: PredicateValue { self?.predicateValue ?? .null }
}

extension Array: PredicateArgumentConvertible where Element: PredicateArgumentConvertible {
    /// A list (for `IN`).
    public var predicateValue: PredicateValue { .array(map(\.predicateValue)) }
}

extension Set: PredicateArgumentConvertible where Element: PredicateArgumentConvertible {
    /// A list (for `IN`), in the set's iteration order.
    public var predicateValue: PredicateValue { .array(map(\.predicateValue)) }
}

extension PredicateValue {
    /// Converts an untyped format argument: nil, any ``PredicateArgumentConvertible``,
    /// or an array of those (also `[Any]`); nil for anything else.
    static func fromArgument(_ argument: Any?) -> PredicateValue? {
        guard let argument else { return .null }
        if let convertible = argument as? any PredicateArgumentConvertible { return convertible.predicateValue }
        let mirror = Mirror(reflecting: argument)
        if mirror.displayStyle == .optional {
            return fromArgument(mirror.children.first?.value)
        }
        if mirror.displayStyle == .collection || mirror.displayStyle == .set {
            var elements: [PredicateValue] = []
            for child in mirror.children {
                guard let element = fromArgument(child.value) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        }
        return nil
    }
}
