/// Writes a ``JSONValue`` as text: pretty (two-space indent, `"key": value`, one
/// member per line) or compact (no spaces). Strings are escaped by DiaryKit's
/// ``JSONStringLiteral``; non-ASCII text is left as it is. The one JSON writer: `--json`
/// output, bundle manifests and the JSON export all go through it.
package struct JSONWriter: Sendable {
    /// Whether to indent (pretty) or write everything on one line (compact).
    package var isPretty: Bool

    /// Makes a writer, pretty by default.
    package init(pretty: Bool = true) {
        isPretty = pretty
    }

    /// The JSON text of the value, without a trailing newline.
    package func string(from value: JSONValue) -> String {
        // Built as UTF-8 bytes and made a String once: byte appends cost far less than
        // String appends, which a listing of a thousand entries makes tens of thousands of.
        var output: [UInt8] = []
        write(value, indent: 0, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            writeContainer(members, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), indent: indent, into: &output) {
                member, output in
                JSONStringLiteral.append(member.key, to: &output)
                output.append(contentsOf: (isPretty ? ": " : ":").utf8)
                write(member.value, indent: indent + 1, into: &output)
            }
        case .array(let elements):
            writeContainer(elements, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), indent: indent, into: &output) {
                element, output in
                write(element, indent: indent + 1, into: &output)
            }
        case .string(let text):
            JSONStringLiteral.append(text, to: &output)
        case .integer(let number):
            output.append(contentsOf: String(number).utf8)
        case .number(let number):
            output.append(contentsOf: Self.numberText(number).utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: UInt8, close: UInt8, indent: Int,
        into output: inout [UInt8],
        writeElement: (Element, inout [UInt8]) -> Void
    ) {
        guard !elements.isEmpty else {
            output.append(open)
            output.append(close)
            return
        }
        output.append(open)
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            newLine(indent: indent + 1, into: &output)
            writeElement(element, &output)
        }
        newLine(indent: indent, into: &output)
        output.append(close)
    }

    /// A line break and the indentation of `indent` levels (nothing when compact).
    private func newLine(indent: Int, into output: inout [UInt8]) {
        guard isPretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// A finite number in Swift's shortest round-tripping form (`183.2`, `1e-07`);
    /// integral values keep no fraction (`44100`); NaN and infinities are `null`.
    package static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension JSONValue {
    /// The value as pretty-printed JSON with a final newline (a manifest or export file).
    package func rendered() -> String {
        JSONWriter(pretty: true).string(from: self) + "\n"
    }
}
