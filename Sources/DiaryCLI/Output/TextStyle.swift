/// A text attribute a terminal understands (an SGR escape sequence).
package enum TextStyle: Sendable, CaseIterable {
    /// Bold or bright text.
    case bold
    /// Faint text, for secondary facts.
    case dim
    /// Italic text.
    case italic
    /// Underlined text.
    case underline
    /// Red foreground.
    case red
    /// Green foreground.
    case green
    /// Yellow foreground.
    case yellow
    /// Blue foreground.
    case blue
    /// Magenta foreground.
    case magenta
    /// Cyan foreground.
    case cyan
    /// Bright black (gray) foreground.
    case gray

    /// The SGR parameter of the style.
    var code: String {
        switch self {
        case .bold: "1"
        case .dim: "2"
        case .italic: "3"
        case .underline: "4"
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .blue: "34"
        case .magenta: "35"
        case .cyan: "36"
        case .gray: "90"
        }
    }
}
