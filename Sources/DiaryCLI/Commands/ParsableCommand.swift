/// One `diary` subcommand: a small value type made from the parsed command line,
/// which then runs.
///
/// ```swift
/// struct ShowCommand: ParsableCommand {
///     static let id = Argument<Int>("id", help: "The entry's number, as in #42.")
///     static let json = Flag("json", help: "Print the entry as JSON.")
///     static let configuration = CommandConfiguration(
///         name: "show", abstract: "Show one entry.", parameters: [id, json])
///
///     let id: Int
///     let json: Bool
///
///     init(parsed: ParsedArguments) throws {
///         id = try parsed[Self.id]
///         json = try parsed[Self.json]
///     }
///
///     func run(in context: CommandContext) async throws {
///         context.writeLine("#\(id)")
///     }
/// }
/// ```
///
/// Register the type in ``DiaryCommand/subcommands``. Errors thrown from `init` or
/// `run` are reported by ``ErrorReporter``: a ``UsageError`` with the usage line and
/// exit 64, a ``CLIReportableError`` as `diary: <message>` with its own exit code,
/// anything else as `diary: <description>` with exit 70.
package protocol ParsableCommand: Sendable {
    /// The name, help texts and parameters of the command.
    static var configuration: CommandConfiguration { get }

    /// Makes the command from its parsed command line; validates combinations of
    /// options here and throws ``UsageError/invalid(_:)`` when they do not fit.
    init(parsed: ParsedArguments) throws

    /// Does the work, writing through `context` (never `print`), and throws on failure.
    func run(in context: CommandContext) async throws
}
