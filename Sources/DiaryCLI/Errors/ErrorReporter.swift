import Foundation

/// The one place where an error becomes what the user sees and the exit status.
///
/// - ``UsageError``: `Error: <message>`, the hint if any, `Usage: <usage line>` and
///   `  See '<command> --help' for more information.`; exit 64.
/// - DiaryKit's errors (through ``ReportedDiaryError``) and every other
///   ``CLIReportableError``: `diary: <message>`; its own exit code.
/// - Anything else: `diary: <description>`; exit 70.
///
/// Everything goes to stderr as plain lines; there is never a stack trace. On a terminal,
/// what a message quotes (a file name, a typed value) is escaped by ``TerminalEscaper``.
struct ErrorReporter {
    /// The program's name, the prefix of every message: `diary`.
    let programName: String
    /// Where the lines go and whether they may be coloured.
    let terminal: Terminal

    /// The usage line and help command to show under a usage error.
    struct UsageContext {
        /// `diary show <id> [--json]`.
        let usageLine: String
        /// `diary show --help`.
        let helpCommand: String
    }

    /// Reports the error and gives the status to exit with.
    func report(_ error: any Error, usage: UsageContext) -> ExitCode {
        terminal.standardOutput.flush()
        let style = terminal.errorStyle
        let escaper = terminal.errorEscaper
        if let usageError = error as? UsageError {
            var lines = [style.apply(.bold, .red, to: "Error:") + " " + escaper.escaped(usageError.message)]
            if let hint = usageError.hint { lines.append("Hint: " + escaper.escaped(hint)) }
            lines.append("Usage: " + usage.usageLine)
            lines.append("  See '\(usage.helpCommand)' for more information.")
            terminal.standardError.write(lines.joined(separator: "\n") + "\n")
            return .usage
        }
        let (message, code) = Self.messageAndCode(for: error)
        terminal.standardError.write(programName + ": " + escaper.escaped(message) + "\n")
        return code
    }

    /// The one-line message and exit code of an error other than a usage error.
    static func messageAndCode(for error: any Error) -> (String, ExitCode) {
        if let reported = ReportedDiaryError(error) {
            return (oneLine(reported.message), reported.exitCode)
        }
        if let reportable = error as? any CLIReportableError {
            return (oneLine(reportable.message), reportable.exitCode)
        }
        if let described = (error as? any LocalizedError)?.errorDescription {
            return (oneLine(described), .software)
        }
        if error is CocoaError || error is POSIXError {
            return (oneLine(error.localizedDescription), .software)
        }
        return (oneLine(String(describing: error)), .software)
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}
