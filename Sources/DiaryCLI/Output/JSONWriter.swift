import DiaryKit

/// Writes a ``JSONValue`` as text: pretty (two-space indent, `"key": value`, one
/// member per line) or compact (no spaces). Strings are escaped by DiaryKit's
/// ``JSONStringLiteral``, as the bundles and exports are; non-ASCII text is left as it is.
public struct JSONWriter: Sendable {
    /// Whether to indent (pretty) or write everything on one line (compact).
    public var isPretty: Bool

    /// Makes a writer, pretty by default.
    public init(pretty: Bool = true) {
        isPretty = pretty
    }

    /// The JSON text of the value, without a trailing newline.
    public func string(from value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        return output
    }

    private func write(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value {
        case .object(let members):
            writeContainer(members, open: "{", close: "}", indent: indent, into: &output) { member, output in
                JSONStringLiteral.append(member.key, to: &output)
                output += isPretty ? ": " : ":"
                write(member.value, indent: indent + 1, into: &output)
            }
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", indent: indent, into: &output) { element, output in
                write(element, indent: indent + 1, into: &output)
            }
        case .string(let text):
            JSONStringLiteral.append(text, to: &output)
        case .integer(let number):
            output += String(number)
        case .number(let number):
            output += Self.numberText(number)
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    private func writeContainer<Element>(_ elements: [Element], open: String, close: String, indent: Int,
                                         into output: inout String,
                                         writeElement: (Element, inout String) -> Void) {
        guard !elements.isEmpty else {
            output += open + close
            return
        }
        output += open
        let inner = isPretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        for (position, element) in elements.enumerated() {
            if position > 0 { output += "," }
            output += inner
            writeElement(element, &output)
        }
        output += isPretty ? "\n" + String(repeating: "  ", count: indent) + close : close
    }

    /// A finite number in Swift's shortest round-tripping form (`183.2`, `1e-07`);
    /// integral values keep no fraction (`44100`); NaN and infinities are `null`.
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}
