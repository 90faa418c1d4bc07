import Foundation

/// A Swift type an ``Attribute`` property can have: one of the attribute types' Swift types
/// (`String`, `Int`, `Int16`, `Int32`, `Int64`, `Double`, `Float`, `Bool`, `Date`, `Data`,
/// `UUID`), or an `Optional` of one. The type decides the model: a non-optional Swift type is
/// a required attribute, an optional one an optional attribute.
public protocol AttributeValue {
    /// The non-optional Swift type the object stores (`String` for both `String` and `String?`).
    associatedtype Stored
    /// The attribute type of the model.
    static var attributeType: AttributeType { get }
    /// Whether the model allows nil (true only for `Optional`).
    static var isOptionalAttribute: Bool { get }
    /// The value read from an object: the stored value, or for a required attribute that was
    /// never set its type's zero (`""`, `0`, `false`, the reference date, empty data, the nil
    /// UUID); a save still refuses such an object as missing the attribute.
    static func fromStored(_ stored: Stored?) -> Self
    /// The value to store (nil for an empty optional).
    var storedValue: Stored? { get }
    /// The value as the model's default (a ``AttributeDescription/defaultValue``), nil for none.
    var modelDefault: (any Sendable)? { get }
}

/// The non-optional attribute types: each has a zero for a required attribute not yet set.
public protocol RequiredAttributeValue: AttributeValue, Sendable where Stored == Self {
    /// The value a required attribute reads as before it is set.
    static var unsetValue: Self { get }
}

extension RequiredAttributeValue {
    /// Required: `Self` is not optional.
    public static var isOptionalAttribute: Bool { false }
    /// The stored value, or ``unsetValue``.
    @inlinable @inline(__always)
    public static func fromStored(_ stored: Self?) -> Self { stored ?? unsetValue }
    /// The value itself.
    @inlinable @inline(__always)
    public var storedValue: Self? { self }
    /// The value itself.
    public var modelDefault: (any Sendable)? { self }
}

extension Optional: AttributeValue where Wrapped: RequiredAttributeValue {
    /// The wrapped value's stored type.
    public typealias Stored = Wrapped
    /// The wrapped type's attribute type.
    public static var attributeType: AttributeType { Wrapped.attributeType }
    /// Optional: nil is allowed.
    public static var isOptionalAttribute: Bool { true }
    /// The stored value as it is (nil when unset).
    @inlinable @inline(__always)
    public static func fromStored(_ stored: Wrapped?) -> Self { stored }
    /// The value itself.
    @inlinable @inline(__always)
    public var storedValue: Wrapped? { self }
    /// The wrapped value, nil for none.
    public var modelDefault: (any Sendable)? { self.map { $0 as any Sendable } }
}

extension String: RequiredAttributeValue {
    /// ``AttributeType/string``.
    public static var attributeType: AttributeType { .string }
    /// `""`.
    public static var unsetValue: String { "" }
}

extension Int: RequiredAttributeValue {
    /// ``AttributeType/integer64``.
    public static var attributeType: AttributeType { .integer64 }
    /// `0`.
    public static var unsetValue: Int { 0 }
    /// The value as a 64-bit integer (how the model stores an `Int`).
    public var modelDefault: (any Sendable)? { Int64(self) }
}

extension Int16: RequiredAttributeValue {
    /// ``AttributeType/integer16``.
    public static var attributeType: AttributeType { .integer16 }
    /// `0`.
    public static var unsetValue: Int16 { 0 }
}

extension Int32: RequiredAttributeValue {
    /// ``AttributeType/integer32``.
    public static var attributeType: AttributeType { .integer32 }
    /// `0`.
    public static var unsetValue: Int32 { 0 }
}

extension Int64: RequiredAttributeValue {
    /// ``AttributeType/integer64``.
    public static var attributeType: AttributeType { .integer64 }
    /// `0`.
    public static var unsetValue: Int64 { 0 }
}

extension Double: RequiredAttributeValue {
    /// ``AttributeType/double``.
    public static var attributeType: AttributeType { .double }
    /// `0`.
    public static var unsetValue: Double { 0 }
}

extension Float: RequiredAttributeValue {
    /// ``AttributeType/double`` (the store keeps 64 bits; a `Float` reads back exactly).
    public static var attributeType: AttributeType { .double }
    /// `0`.
    public static var unsetValue: Float { 0 }
    /// The value as a double (how the model stores a `Float`).
    public var modelDefault: (any Sendable)? { Double(self) }
}

extension Bool: RequiredAttributeValue {
    /// ``AttributeType/boolean``.
    public static var attributeType: AttributeType { .boolean }
    /// `false`.
    public static var unsetValue: Bool { false }
}

extension Date: RequiredAttributeValue {
    /// ``AttributeType/date``.
    public static var attributeType: AttributeType { .date }
    /// The reference date, 2001-01-01 00:00 UTC.
    public static var unsetValue: Date { Date(timeIntervalSinceReferenceDate: 0) }
}

extension Data: RequiredAttributeValue {
    /// ``AttributeType/binary``.
    public static var attributeType: AttributeType { .binary }
    /// Empty data.
    public static var unsetValue: Data { Data() }
}

extension UUID: RequiredAttributeValue {
    /// ``AttributeType/uuid``.
    public static var attributeType: AttributeType { .uuid }
    /// The nil UUID (all zeros).
    public static var unsetValue: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
