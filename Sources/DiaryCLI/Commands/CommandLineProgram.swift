import Foundation

/// A program with subcommands (`diary <subcommand> …`): parses a command line, prints
/// help or the version, makes and runs the chosen ``ParsableCommand``, and turns every
/// outcome into an ``ExitCode`` through ``ErrorReporter``.
///
/// Global options: `--store <dir>` (before or after the subcommand), `--version`
/// (before it), `-h`/`--help` anywhere before `--`. `diary help <subcommand>`,
/// `diary <subcommand> --help` and `diary <subcommand> -h` print the same text on
/// stdout. `diary` alone prints the program's help.
public struct CommandLineProgram: Sendable {
    /// The program's name: `diary`.
    public var name: String
    /// The version `--version` prints after the name.
    public var version: String
    /// One line for the OVERVIEW of the program's help.
    public var abstract: String
    /// Paragraphs under the overview of the program's help.
    public var discussion: String
    /// The subcommands, in the order the help lists them.
    public var subcommands: [any ParsableCommand.Type]

    /// `--store <dir>`: every subcommand accepts it.
    public static let storeOption = Option<URL>(
        "store", valueName: "dir",
        help: "The diary's store directory (default: $DIARY_HOME, else ~/.local/share/diary).")
    static let helpFlag = Flag("help", short: "h", help: "Show help information.")
    static let versionFlag = Flag("version", help: "Show the version.")

    /// Declares a program.
    public init(name: String, version: String, abstract: String, discussion: String = "",
                subcommands: [any ParsableCommand.Type]) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
    }

    /// Runs the command line `arguments` (without the program's name) in `context`
    /// and returns the status to exit with. Never throws: every error is reported on
    /// the context's stderr.
    public func run(_ arguments: [String], context: CommandContext) async -> ExitCode {
        let reporter = ErrorReporter(programName: name, terminal: context.terminal)
        let rootUsage = UsageTarget(usageLine: rootUsageLine, helpCommand: "\(name) --help")
        let status: ExitCode
        do {
            status = try await dispatch(arguments, context: context, reporter: reporter)
        } catch let failure as Failure {
            status = reporter.report(failure.error, usage: failure.usage ?? rootUsage)
        } catch {
            status = reporter.report(error, usage: rootUsage)
        }
        context.terminal.standardOutput.flush()
        return status
    }

    private typealias UsageTarget = ErrorReporter.UsageContext

    /// An error together with the usage line of the command it belongs to.
    private struct Failure: Error {
        let error: any Error
        let usage: UsageTarget?
    }

    private var rootUsageLine: String { "\(name) [--store <dir>] <subcommand>" }

    private func dispatch(_ arguments: [String], context: CommandContext,
                          reporter: ErrorReporter) async throws -> ExitCode {
        let helpFormatter = HelpFormatter(programName: name, width: min(context.terminal.width ?? 80, 100))
        // Words before the subcommand: global options only.
        var rootWords: [String] = []
        var index = 0
        while index < arguments.count, ArgumentParser.looksLikeOption(arguments[index]) {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            if word == "--help" || word == "-h" {
                context.write(rootHelp(helpFormatter))
                return .success
            }
            if word == "--version" {
                context.writeLine("\(name) \(version)")
                return .success
            }
            rootWords.append(word)
            if word == "--store", index < arguments.count {
                rootWords.append(arguments[index])
                index += 1
            }
        }
        let rootParser = ArgumentParser(parameters: [Self.storeOption.spec, Self.helpFlag.spec,
                                                     Self.versionFlag.spec],
                                        context: context.argumentContext)
        let rootParsed = try rootParser.parse(rootWords)

        guard index < arguments.count else {
            context.write(rootHelp(helpFormatter))
            return .success
        }
        let commandName = arguments[index]
        let commandWords = Array(arguments[(index + 1)...])
        if commandName == "help" {
            guard let topic = commandWords.first else {
                context.write(rootHelp(helpFormatter))
                return .success
            }
            let command = try subcommand(named: topic)
            context.write(helpFormatter.help(for: command.configuration, extraOptions: extraOptions))
            return .success
        }
        let command = try subcommand(named: commandName)
        let configuration = command.configuration
        let usage = UsageTarget(usageLine: helpFormatter.usage(for: configuration),
                                helpCommand: "\(name) \(configuration.name) --help")
        if commandWords.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            context.write(helpFormatter.help(for: configuration, extraOptions: extraOptions))
            return .success
        }
        do {
            let parser = ArgumentParser(parameters: configuration.parameters + extraOptions,
                                        context: context.argumentContext)
            let parsed = try parser.parse(commandWords)
            var commandContext = context
            if let store = try parsed[Self.storeOption] ?? rootParsed[Self.storeOption] {
                commandContext.storeDirectory = store
            }
            let instance = try command.init(parsed: parsed)
            try await instance.run(in: commandContext)
            return .success
        } catch {
            throw Failure(error: error, usage: usage)
        }
    }

    /// The options every subcommand accepts besides its own.
    private var extraOptions: [ParameterSpec] { [Self.storeOption.spec, Self.helpFlag.spec] }

    private func subcommand(named name: String) throws -> any ParsableCommand.Type {
        if let command = subcommands.first(where: { $0.configuration.name == name }) {
            return command
        }
        let names = subcommands.map { $0.configuration.name } + ["help"]
        throw UsageError.unknownSubcommand(name, suggestion: EditDistance.suggestion(for: name, among: names))
    }

    private func rootHelp(_ formatter: HelpFormatter) -> String {
        let listed = subcommands.map { (name: $0.configuration.name, abstract: $0.configuration.abstract) }
            + [(name: "help", abstract: "Show subcommand help information.")]
        return formatter.rootHelp(abstract: abstract, discussion: discussion, usage: rootUsageLine,
                                  options: [Self.storeOption.spec, Self.versionFlag.spec, Self.helpFlag.spec],
                                  subcommands: listed)
    }
}
