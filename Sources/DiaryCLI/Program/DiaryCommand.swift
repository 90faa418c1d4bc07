#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `diary` command line: the program, its version, and the entry point
/// `main.swift` calls.
public enum DiaryCommand {
    /// The version `diary --version` prints.
    package static let version = "0.1.0"

    /// The program with every registered subcommand (see ``subcommands``).
    package static var program: CommandLineProgram {
        CommandLineProgram(
            name: "diary", version: version,
            abstract: "A photo diary for the command line.",
            discussion: "Write entries, attach photos and recordings, browse them by date, export "
                + "any entry as a self-contained bundle, and import jrnl or Day One journals. " + ExitCode.helpSentence,
            subcommands: subcommands, examples: examples)
    }

    /// Runs the process's command line and exits with its status, on the calling (main) thread.
    ///
    /// Synchronous, so `main.swift` has no `await` and the program is not an asynchronous main:
    /// an async main starts Swift concurrency's global executor and runs the command on one of
    /// its worker threads (a thread made, the main thread parked until it exits), for commands
    /// that never suspend.
    // bench: cli-jrnl/list_month_1000_vs_jrnl
    public static func main() -> Never {
        let context = CommandContext.live()
        let status =
            ProcessArguments.firstInvalidUTF8().map { program.refuse(UsageError.invalid($0), context: context) }
            ?? program.run(Array(CommandLine.arguments.dropFirst()), context: context)
        context.terminal.standardOutput.flush()
        context.terminal.standardError.flush()
        exit(status.rawValue)
    }
}
