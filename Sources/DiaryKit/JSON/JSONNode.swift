/// One JSON value read by ``StreamingJSONReader``: an entry's object and everything in it.
/// Objects keep their members in file order; a repeated key keeps its last value.
enum JSONNode: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    /// The member `key` of an object; nil for a missing key or a value that is no object.
    subscript(key: String) -> JSONNode? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, or nil for another kind of value.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, or nil for another kind of value.
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, or nil for another kind of value.
    var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, or nil for another kind of value.
    var arrayValue: [JSONNode]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// What kind of value this is, for messages (`a string`, `an object`).
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
