/// One `diary` subcommand: a small value type whose stored properties are its parameters,
/// each declared once with a property wrapper, made from the parsed command line and then run.
///
/// ```swift
/// struct NearbyCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(name: "nearby", abstract: "Entries near one entry.")
///
///     @Argument("id", help: "The entry's number, as in #42.")
///     var id: Int
///     @OptionGroup var period: PeriodOptions
///     @Option("limit", short: "n", valueName: "count", help: "Show at most this many.")
///     var limit: PositiveInt?
///     @Flag("json", help: "Print the entries as JSON.")
///     var json: Bool
///
///     func validate() throws(UsageError) {
///         if json && limit != nil { throw .invalid("Use either --json or --limit, not both") }
///     }
///
///     func run(in context: CommandContext) throws {
///         context.writeLine("#\(id)")
///     }
/// }
/// ```
///
/// The properties' order is the order of the help, the usage line, the manual page and the
/// completions. Register the type in ``DiaryCommand/subcommands``. A ``UsageError`` from
/// ``ParsableArguments/validate()`` is reported with the usage line and exit 64; errors from
/// `run` by ``ErrorReporter``: a ``CLIReportableError`` as `diary: <message>` with its own
/// exit code, anything else as `diary: <description>` with exit 70.
package protocol ParsableCommand: ParsableArguments {
    /// The name and help texts of the command (its parameters are its properties).
    static var configuration: CommandConfiguration { get }

    /// Does the work, writing through `context` (never `print`), and throws on failure.
    func run(in context: CommandContext) throws
}

extension ParsableCommand {
    /// The configuration with the declared parameters: what the help, the manual page and
    /// the completions show.
    package static var declaration: CommandConfiguration {
        var declaration = configuration
        declaration.parameters = parameters
        return declaration
    }
}
