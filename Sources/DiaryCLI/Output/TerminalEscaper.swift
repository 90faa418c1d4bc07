/// Makes text that came from the store or the command line (entry text, tags, file names,
/// paths, typed values) safe to show on a terminal: every character that could make the
/// terminal do something instead of showing a letter is written as a visible `\u{…}` escape
/// of its code, as `ls` shows such names.
///
/// Escaped: the C0 controls but newline and tab (a carriage return is kept only right before
/// a newline, where it does nothing), DEL, the C1 controls U+0080–U+009F (U+009B is a CSI to
/// many terminals), and the bidi embeddings, overrides and isolates U+202A–U+202E and
/// U+2066–U+2069, which would reorder what follows them on the line.
///
/// Off (text unchanged) when the stream is not a terminal: a pipe or a file gets the text as
/// it is, so scripts see what was stored. A backslash is left as it is, so prose reads
/// naturally; `--json` is the unambiguous form.
///
/// ```swift
/// let shown = context.terminal.outputEscaper.escaped(entry.text ?? "")
/// ```
package struct TerminalEscaper: Sendable {
    /// Whether text is escaped at all (the stream is a terminal).
    package let isEnabled: Bool

    /// Makes an escaper that escapes only when `isEnabled`.
    package init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// `text` with every terminal-controlling character written as `\u{1B}`, `\u{9B}`,
    /// `\u{202E}`…; unchanged when escaping is off or nothing needs it.
    package func escaped(_ text: String) -> String {
        guard isEnabled, Self.needsEscaping(text) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let beforeNewline = index + 1 < scalars.count && scalars[index + 1] == "\n"
            if Self.isControlling(scalar) && !(scalar == "\r" && beforeNewline) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is one of the characters ``escaped(_:)`` writes as an escape
    /// (a carriage return always counts here).
    static func isControlling(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether any byte of `text`'s UTF-8 starts a character that may need an escape: a quick
    /// scan, so the common text costs no scalar walk (listings show thousands of lines).
    static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x0A, 0x09:
                    break
                case 0x00..<0x20, 0x7F:
                    return true
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    return true
                case 0xE2 where index + 2 < bytes.count:
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if second == 0x80 && (0xAA...0xAE).contains(third) { return true }
                    if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                default:
                    break
                }
                index += 1
            }
            return false
        }
    }
}
