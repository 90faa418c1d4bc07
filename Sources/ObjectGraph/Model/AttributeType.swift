import Foundation

/// The value types an attribute can hold, and the Swift type each maps to.
public enum AttributeType: String, Sendable, Hashable, CaseIterable {
    /// `String`.
    case string
    /// `Int16`.
    case integer16
    /// `Int32`.
    case integer32
    /// `Int64` (an `Int` is accepted on set and stored as 64 bits).
    case integer64
    /// `Double`.
    case double
    /// `Bool`.
    case boolean
    /// `Date`, stored as seconds since 2001-01-01 UTC (as `Date` keeps it, so it round-trips exactly).
    case date
    /// `Data`; may live outside the store when the attribute allows external storage.
    case binary
    /// `UUID`.
    case uuid

    /// Whether the type is one of the integer types.
    public var isInteger: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }

    /// Whether the type is numeric (integers and double), for min/max rules.
    public var isNumeric: Bool { isInteger || self == .double }

    /// The name of the Swift type values of this attribute have, for messages.
    public var swiftTypeName: String {
        switch self {
        case .string: "String"
        case .integer16: "Int16"
        case .integer32: "Int32"
        case .integer64: "Int64"
        case .double: "Double"
        case .boolean: "Bool"
        case .date: "Date"
        case .binary: "Data"
        case .uuid: "UUID"
        }
    }
}
