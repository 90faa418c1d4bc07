/// An error that knows how the command line reports it: one line for the user and
/// the exit status.
///
/// DiaryKit's error types adopt it through extensions in DiaryCLI (for example
/// `extension DiaryError: CLIReportableError`), so the mapping from error to exit
/// code lives in the command-line layer and nowhere else.
package protocol CLIReportableError: Error {
    /// The status the process exits with when this error ends a command.
    var exitCode: ExitCode { get }
    /// One line, without the `diary: ` prefix and without a trailing newline, that
    /// names the file or value and says what is wrong.
    var message: String { get }
}
