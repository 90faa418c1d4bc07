/// A ready-made ``CLIReportableError`` for a subcommand that wants to stop with a
/// message and a status without declaring its own error type.
///
/// ```swift
/// throw CommandFailure("no entry #\(id)", exitCode: .noInput)
/// ```
package struct CommandFailure: CLIReportableError, Equatable {
    /// The status the process exits with.
    package let exitCode: ExitCode
    /// The one-line message printed after `diary: `.
    package let message: String

    /// Makes a failure with a message and an exit status (``ExitCode/software`` unless given).
    package init(_ message: String, exitCode: ExitCode = .software) {
        self.message = message
        self.exitCode = exitCode
    }
}
