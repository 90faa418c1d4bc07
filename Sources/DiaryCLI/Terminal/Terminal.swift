/// Where a command's output goes and what that destination can show: whether stdout,
/// stderr and stdin are terminals, how wide the terminal is, and so whether colour
/// and progress lines are used.
///
/// ``Terminal/live(environment:)`` asks the process; tests build one by hand with
/// ``MemoryOutputWriter``s and the facts they want to pretend.
package struct Terminal: Sendable {
    /// Where normal output (listings, JSON) goes.
    package var standardOutput: any OutputWriter
    /// Where errors, warnings and progress go.
    package var standardError: any OutputWriter
    /// Whether stdout is a terminal (`isatty(1)`).
    package var isStandardOutputTerminal: Bool
    /// Whether stderr is a terminal (`isatty(2)`).
    package var isStandardErrorTerminal: Bool
    /// Whether stdin is a terminal (`isatty(0)`); when it is not, text is read from it.
    package var isStandardInputTerminal: Bool
    /// The terminal's width in columns, nil when unknown (not a terminal).
    package var width: Int?
    /// Whether the environment allows colour at all (see ``Terminal/colorAllowed(environment:)``).
    package var colorAllowed: Bool
    /// Whether the terminal understands `\r` and erase-line (not `TERM=dumb`).
    package var canRewriteLines: Bool
    /// The terminal's height in rows, nil when unknown.
    package var height: Int? = nil
    /// The size of a character cell in pixels, nil when the terminal does not say.
    package var cellPixels: (width: Int, height: Int)? = nil
    /// How stdout's terminal is shown pictures, nil when it is not shown any (not a terminal,
    /// `NO_COLOR`, `TERM=dumb`). Worked out when first called: it may ask the terminal
    /// (``TerminalGraphicsQuery``), which only `show` and `list --preview` need.
    package var pictureMode: @Sendable () -> PictureMode? = { nil }

    /// Makes a terminal description from its parts; by default nothing is a terminal.
    package init(
        standardOutput: any OutputWriter, standardError: any OutputWriter,
        isStandardOutputTerminal: Bool = false, isStandardErrorTerminal: Bool = false,
        isStandardInputTerminal: Bool = false, width: Int? = nil, colorAllowed: Bool = true,
        canRewriteLines: Bool = true
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isStandardOutputTerminal = isStandardOutputTerminal
        self.isStandardErrorTerminal = isStandardErrorTerminal
        self.isStandardInputTerminal = isStandardInputTerminal
        self.width = width
        self.colorAllowed = colorAllowed
        self.canRewriteLines = canRewriteLines
    }

    /// Whether colour is allowed by the environment: not when `NO_COLOR` is set to
    /// anything non-empty (https://no-color.org), nor when `TERM` is `dumb`.
    package static func colorAllowed(environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }

    /// Whether a terminal can rewrite a line in place: every one but `TERM=dumb`.
    package static func canRewriteLines(environment: [String: String]) -> Bool {
        environment["TERM"] != "dumb"
    }

    /// Styles for stdout: colour only when stdout is a terminal and colour is allowed.
    package var outputStyle: TextStyler {
        TextStyler(isEnabled: colorAllowed && isStandardOutputTerminal)
    }

    /// Styles for stderr: colour only when stderr is a terminal and colour is allowed.
    package var errorStyle: TextStyler {
        TextStyler(isEnabled: colorAllowed && isStandardErrorTerminal)
    }

    /// Escapes for stored or typed text written to stdout: on when stdout is a terminal,
    /// whatever `NO_COLOR` says (see ``TerminalEscaper``).
    package var outputEscaper: TerminalEscaper {
        TerminalEscaper(isEnabled: isStandardOutputTerminal)
    }

    /// Escapes for stored or typed text written to stderr: on when stderr is a terminal.
    package var errorEscaper: TerminalEscaper {
        TerminalEscaper(isEnabled: isStandardErrorTerminal)
    }

    /// Whether progress lines are shown: only when stderr is a terminal that can
    /// rewrite a line (not `TERM=dumb`). `NO_COLOR` does not turn them off.
    package var showsProgress: Bool {
        isStandardErrorTerminal && canRewriteLines
    }

    /// A progress reporter on stderr, silent unless ``showsProgress``.
    package func progressReporter() -> ProgressReporter {
        ProgressReporter(writer: standardError, isEnabled: showsProgress, width: width)
    }
}
