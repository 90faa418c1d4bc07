/// JSON string literals as every JSON file and `--json` output of the program writes them,
/// so a manifest, an export and a command's output escape text the same way.
public enum JSONStringLiteral {
    /// Appends `text` to `output` quoted: `"` and `\` escaped, control characters as `\n`,
    /// `\r`, `\t`, `\b`, `\f` or a `\u` escape of their code, as are DEL, U+2028 and U+2029
    /// (so the text is also safe inside JavaScript), the C1 controls U+0080–U+009F and the bidi
    /// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 (so JSON shown on a
    /// terminal cannot control or reorder it; a parser reads the same text back); `/` and all
    /// other text are left as they are.
    /// Throws nothing.
    public static func append(_ text: String, to output: inout String) {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` quoted and escaped as the `String` version does, as UTF-8 bytes
    /// (for writers that build a whole document as bytes). Throws nothing.
    public static func append(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Text between escapes is appended as one run: most strings are a single run.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Only these bytes can start a character that is escaped.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2,
                    let (escape, length) = escape(in: bytes, at: index)
                else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The escape for the character starting at byte `index` of valid UTF-8 `bytes`, with the
    /// number of bytes it replaces; nil for a character written as it is.
    private static func escape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (String, Int)? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): return ("\\\"", 1)
        case UInt8(ascii: "\\"): return ("\\\\", 1)
        case UInt8(ascii: "\n"): return ("\\n", 1)
        case UInt8(ascii: "\r"): return ("\\r", 1)
        case UInt8(ascii: "\t"): return ("\\t", 1)
        case 0x08: return ("\\b", 1)
        case 0x0C: return ("\\f", 1)
        case 0x00..<0x20, 0x7F: return (unicodeEscape(UInt32(byte)), 1)
        case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
            // The C1 controls, U+0080–U+009F.
            return (unicodeEscape(UInt32(bytes[index + 1])), 2)
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 || (0xAA...0xAE).contains(bytes[index + 2])):
            // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR, U+202A–U+202E bidi embeddings and overrides.
            return (unicodeEscape(0x2000 + UInt32(bytes[index + 2] - 0x80)), 3)
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]):
            // U+2066–U+2069, the bidi isolates.
            return (unicodeEscape(0x2040 + UInt32(bytes[index + 2] - 0x80)), 3)
        default: return nil
        }
    }

    /// `\u` and the four lower-case hex digits of `value` (`\u001f`, `\u2028`).
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
