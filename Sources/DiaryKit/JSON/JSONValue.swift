import Foundation

/// A JSON document whose objects keep their keys in the order they were written, so
/// `--json` output follows the documented shape (`id`, `uuid`, `creationTime`, …)
/// rather than an alphabetical one.
///
/// ```swift
/// let entry: JSONValue = [
///     "id": .integer(42),
///     "creationTime": .date(created, in: context.timeZone),
///     "tags": .array(tags.map(JSONValue.string)),
///     "starred": false,
/// ]
/// context.writeJSON(entry)
/// ```
package indirect enum JSONValue: Sendable, Equatable {
    /// An object; keys in this order, each key once.
    case object([(key: String, value: JSONValue)])
    /// An array, in this order.
    case array([JSONValue])
    /// A string, escaped as JSON needs.
    case string(String)
    /// A whole number, written without a fraction (`42`).
    case integer(Int)
    /// A number, written in its shortest exact form (`183.2`); NaN and infinities become `null`.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A moment as an ISO 8601 string with the offset of `timeZone`, e.g.
    /// `2026-11-29T14:03:00+01:00`.
    package static func date(_ date: Date, in timeZone: any TimeZoneRules, fractionalSeconds: Bool = false) -> JSONValue
    {
        .string(ISO8601Timestamp.string(from: date, in: timeZone, fractionalSeconds: fractionalSeconds))
    }

    /// The value, or `null` when it is nil.
    package static func optional(_ value: JSONValue?) -> JSONValue {
        value ?? .null
    }

    /// Compares structurally; objects compare their keys in order.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    /// A string literal.
    package init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    package init(integerLiteral value: Int) { self = .integer(value) }
    /// A floating-point literal.
    package init(floatLiteral value: Double) { self = .number(value) }
    /// `true` or `false`.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal; its order is kept.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
    /// `nil` is `null`.
    package init(nilLiteral: ()) { self = .null }
}
