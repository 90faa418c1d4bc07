/// A failure after the user typed an entry's text, with where that text was kept: the
/// failure's own line and exit status, followed by `; your text is kept in <path>`.
package struct TextKeptError: CLIReportableError {
    /// Where the typed text went.
    package enum Place: Sendable, Equatable {
        /// A file on disk (the editor's, or one written for piped text).
        case file(String)
        /// No file could be written (`reason`), so the text was printed on stdout.
        case standardOutput(reason: String)
    }

    /// The failure itself.
    package let underlying: any Error
    /// Where the text is; nil when there was nothing but white space to keep.
    package let place: Place?

    /// Wraps `underlying`, noting where the text is.
    package init(_ underlying: any Error, keptIn place: Place?) {
        self.underlying = underlying
        self.place = place
    }

    /// The underlying failure's status.
    package var exitCode: ExitCode { ErrorReporter.messageAndCode(for: underlying).1 }

    /// The underlying failure's line and where the text is.
    package var message: String {
        let line = ErrorReporter.messageAndCode(for: underlying).0
        switch place {
        case .file(let path): return line + "; your text is kept in " + path
        case .standardOutput(let reason):
            return line + "; your text could not be kept in a file (\(reason)), so it was printed on stdout"
        case nil: return line
        }
    }
}
