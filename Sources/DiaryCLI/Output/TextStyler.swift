/// Applies ``TextStyle``s to text when colour is on, and gives the text back
/// unchanged when it is off, so output code never checks for a terminal itself.
///
/// ```swift
/// let style = context.terminal.outputStyle
/// context.write(style.bold("Sunday, 29 November 2026") + "\n")
/// context.write("#42  \(style.dim("14:03"))  \(escaper.escaped(text))  \(style.apply(.cyan, to: "#travel"))\n")
/// ```
/// Styled text goes through `write`, with stored text in it escaped first: `writeLine`
/// escapes all it is given, so it would show the styling's own escape sequences as text.
package struct TextStyler: Sendable {
    /// Whether escape sequences are written at all.
    package let isEnabled: Bool

    /// Makes a styler that styles text only when `isEnabled`.
    package init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// The text wrapped in the styles' escape sequences and a reset; unchanged when
    /// styling is off or no style is given.
    package func apply(_ styles: TextStyle..., to text: String) -> String {
        guard isEnabled, !styles.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + styles.map(\.code).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// The text in bold.
    package func bold(_ text: String) -> String { apply(.bold, to: text) }
    /// The text dimmed, for secondary facts such as times.
    package func dim(_ text: String) -> String { apply(.dim, to: text) }
    /// The text in red, for errors.
    package func red(_ text: String) -> String { apply(.red, to: text) }
    /// The text in green.
    package func green(_ text: String) -> String { apply(.green, to: text) }
    /// The text in yellow, for warnings.
    package func yellow(_ text: String) -> String { apply(.yellow, to: text) }
    /// The text in cyan, for tags.
    package func cyan(_ text: String) -> String { apply(.cyan, to: text) }
}
