import Foundation

/// Typed access to the members of one entry's JSON object, with errors that name the file,
/// the entry and the member.
struct EntryFields {
    let node: JSONNode
    let file: URL
    let entry: Int

    init(_ node: JSONNode, file: URL, entry: Int) {
        self.node = node
        self.file = file
        self.entry = entry
    }

    /// An error about this entry.
    func problem(_ reason: String) -> InteropError {
        .malformed(file: file, entry: entry, reason: reason)
    }

    /// Required string member `key`.
    func string(_ key: String) throws(InteropError) -> String {
        guard case .object = node else { throw problem("is \(node.kindDescription), not an object") }
        guard let value = try optionalString(key) else { throw problem("\"\(key)\" is missing") }
        return value
    }

    /// String member `key`, nil when absent or null.
    func optionalString(_ key: String) throws(InteropError) -> String? {
        try optional(key, "a string", \.stringValue)
    }

    /// Boolean member `key`, nil when absent or null.
    func optionalBool(_ key: String) throws(InteropError) -> Bool? {
        try optional(key, "true or false", \.boolValue)
    }

    /// Number member `key`, nil when absent or null.
    func optionalNumber(_ key: String) throws(InteropError) -> Double? {
        try optional(key, "a number", \.numberValue)
    }

    /// Array-of-strings member `key`, nil when absent or null.
    func optionalStrings(_ key: String) throws(InteropError) -> [String]? {
        guard let elements = try optional(key, "an array", \.arrayValue) else { return nil }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else {
                throw problem("\"\(key)\"[\(index)] is \(element.kindDescription), not a string")
            }
            strings.append(string)
        }
        return strings
    }

    /// Array-of-objects member `key` as fields, nil when absent or null.
    func optionalObjects(_ key: String) throws(InteropError) -> [EntryFields]? {
        guard let elements = try optional(key, "an array", \.arrayValue) else { return nil }
        var objects: [EntryFields] = []
        for (index, element) in elements.enumerated() {
            guard case .object = element else {
                throw problem("\"\(key)\"[\(index)] is \(element.kindDescription), not an object")
            }
            objects.append(EntryFields(element, file: file, entry: entry))
        }
        return objects
    }

    private func optional<T>(
        _ key: String, _ expected: String,
        _ extract: (JSONNode) -> T?
    ) throws(InteropError) -> T? {
        guard case .object = node else { throw problem("is \(node.kindDescription), not an object") }
        guard let value = node[key], value != .null else { return nil }
        guard let typed = extract(value) else {
            throw problem("\"\(key)\" is \(value.kindDescription), not \(expected)")
        }
        return typed
    }
}
