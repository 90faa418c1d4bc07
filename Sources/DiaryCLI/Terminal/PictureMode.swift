/// How a terminal is shown a picture: one of the graphics protocols terminals speak, or
/// Unicode block symbols in as many colours as it has.
package enum PictureMode: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (kitty, Ghostty, Konsole).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mintty).
    case iterm2
    /// DEC sixels (foot, mlterm, xterm -ti vt340, Windows Terminal, contour).
    case sixel
    /// Symbols in 24-bit colour (`COLORTERM=truecolor`).
    case trueColor = "truecolor"
    /// Symbols in the 256-colour palette.
    case colors256 = "256"
    /// Symbols in the 16 basic colours.
    case colors16 = "16"

    /// Whether the mode draws pixels (a graphics protocol) rather than symbols.
    package var drawsPixels: Bool {
        switch self {
        case .kitty, .iterm2, .sixel: true
        case .trueColor, .colors256, .colors16: false
        }
    }

    /// What the environment alone tells of a terminal that shows colour: a graphics protocol
    /// the terminal is known by (`.protocol`), or the symbols' colours and whether the terminal
    /// should be asked for a protocol (``TerminalGraphicsQuery``).
    package enum Detection: Equatable, Sendable {
        /// The terminal is known to speak this protocol.
        case known(PictureMode)
        /// Symbols in these colours, unless the terminal answers the query with a protocol.
        case ask(symbols: PictureMode)
        /// Symbols in these colours, without asking: inside tmux or screen, whose own answers
        /// would be taken for the outer terminal's, and whose passthrough is not enabled by default.
        case symbols(PictureMode)
    }

    /// What `environment` (`TERM`, `TERM_PROGRAM`, `COLORTERM`, `KITTY_WINDOW_ID`, `TMUX`) says.
    package static func detect(environment: [String: String]) -> Detection {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let symbols: PictureMode =
            colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct")
            ? .trueColor
            : term.contains("256color") || term == "xterm-kitty" || term == "xterm-ghostty" ? .colors256 : .colors16
        if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
            return .symbols(symbols)
        }
        if term == "xterm-kitty" || term == "xterm-ghostty" || environment["KITTY_WINDOW_ID"] != nil
            || program == "ghostty"
        {
            return .known(.kitty)
        }
        if program == "iTerm.app" || program == "WezTerm" || program == "mintty" { return .known(.iterm2) }
        if ["foot", "mlterm", "contour", "yaft"].contains(where: { term.hasPrefix($0) }) { return .known(.sixel) }
        return .ask(symbols: symbols)
    }
}
