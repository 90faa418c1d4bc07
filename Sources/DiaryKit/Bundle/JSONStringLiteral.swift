/// JSON string literals as every JSON file and `--json` output of the program writes them,
/// so a manifest, an export and a command's output escape text the same way.
public enum JSONStringLiteral {
    /// Appends `text` to `output` quoted: `"` and `\` escaped, control characters as `\n`,
    /// `\r`, `\t`, `\b`, `\f` or `\u00XX`, and DEL, U+2028 and U+2029 as `\uXXXX` (so the
    /// text is also safe inside JavaScript); `/` and all other text are left as they are.
    /// Throws nothing.
    public static func append(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
