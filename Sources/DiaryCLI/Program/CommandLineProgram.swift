import Foundation

/// A program with subcommands (`diary <subcommand> …`): parses a command line, prints
/// help or the version, makes and runs the chosen ``ParsableCommand``, and turns every
/// outcome into an ``ExitCode`` through ``ErrorReporter``.
///
/// Global options: `--store <dir>` (before or after the subcommand), `--version`
/// (before it), `-h`/`--help` anywhere before `--`. `diary help <subcommand>`,
/// `diary <subcommand> --help` and `diary <subcommand> -h` print the same text on
/// stdout. `diary` alone prints the program's help. A first word that names no subcommand
/// starts a quick entry: `diary Met Anna for coffee` is `diary new Met Anna for coffee`.
package struct CommandLineProgram: Sendable {
    /// The program's name: `diary`.
    package var name: String
    /// The version `--version` prints after the name.
    package var version: String
    /// One line for the OVERVIEW of the program's help.
    package var abstract: String
    /// Paragraphs under the overview of the program's help.
    package var discussion: String
    /// The subcommands, in the order the help lists them.
    package var subcommands: [any ParsableCommand.Type]
    /// Command lines the manual page shows under EXAMPLES.
    package var examples: [ProgramExample]

    /// `--store <dir>`: every subcommand accepts it.
    package static let storeOption = ParameterSpec.option(
        URL.self, "store", valueName: "dir",
        help:
            "The diary's store directory (default: $DIARY_HOME, else $XDG_DATA_HOME/diary, else ~/.local/share/diary).")
    static let helpFlag = ParameterSpec.flag("help", short: "h", help: "Show help information.")
    static let versionFlag = ParameterSpec.flag("version", help: "Show the version.")

    /// Declares a program.
    package init(
        name: String, version: String, abstract: String, discussion: String = "",
        subcommands: [any ParsableCommand.Type], examples: [ProgramExample] = []
    ) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
        self.examples = examples
    }

    /// Runs the command line `arguments` (without the program's name) in `context`
    /// and returns the status to exit with. Never throws: every error is reported on
    /// the context's stderr. Synchronous, as every command's `run` is: `diary`'s main starts no
    /// Swift concurrency executor or worker thread (see ``DiaryCommand/main()``).
    package func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let reporter = ErrorReporter(programName: name, terminal: context.terminal)
        let status: ExitCode
        do {
            status = try dispatch(arguments, context: context)
        } catch let failure as SubcommandFailure {
            status = reporter.report(failure.error, usage: failure.usage)
        } catch {
            status = reporter.report(error, usage: .init(usageLine: rootUsageLine, helpCommand: "\(name) --help"))
        }
        context.terminal.standardOutput.flush()
        return status
    }

    /// Reports `error` as a failure of the whole command line (before any command runs) and
    /// returns its status.
    package func refuse(_ error: any Error, context: CommandContext) -> ExitCode {
        let status = ErrorReporter(programName: name, terminal: context.terminal)
            .report(error, usage: .init(usageLine: rootUsageLine, helpCommand: "\(name) --help"))
        context.terminal.standardOutput.flush()
        return status
    }

    /// An error of a subcommand, with the usage line its report shows.
    private struct SubcommandFailure: Error {
        let error: any Error
        let usage: ErrorReporter.UsageContext
    }

    private var rootUsageLine: String { "\(name) [--store <dir>] <subcommand>" }

    /// Handles the global options before the subcommand, then help or the subcommand.
    private func dispatch(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let formatter = HelpFormatter(programName: name, width: min(context.terminal.width ?? 80, 100))
        var globalWords: [String] = []
        var index = 0
        while index < arguments.count, ArgumentParser.looksLikeOption(arguments[index]) {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            switch word {
            case "--help", "-h":
                context.write(rootHelp(formatter))
                return .success
            case "--version":
                context.writeLine("\(name) \(version)")
                return .success
            case "--store" where index < arguments.count:
                globalWords += [word, arguments[index]]
                index += 1
            default:
                globalWords.append(word)
            }
        }
        let globals = try ArgumentParser(
            parameters: [Self.storeOption, Self.helpFlag, Self.versionFlag],
            context: context.argumentContext
        ).parse(globalWords)
        let store = try globals.value(of: Self.storeOption, as: URL.self)
        guard index < arguments.count else {
            // `echo "Walked home" | diary`: piped text is an entry, as jrnl takes it.
            if context.standardInput.isPiped && !context.terminal.isStandardInputTerminal {
                do {
                    try run(NewCommand.self, words: [], store: store, context: context)
                    return .success
                } catch {
                    throw SubcommandFailure(
                        error: error,
                        usage: .init(
                            usageLine: formatter.errorUsage(for: NewCommand.declaration),
                            helpCommand: "\(name) new --help"))
                }
            }
            context.write(rootHelp(formatter))
            return .success
        }
        let words = Array(arguments[(index + 1)...])
        if arguments[index] == "help" {
            if let topic = words.first {
                context.write(
                    formatter.help(
                        for: try subcommand(named: topic).declaration,
                        extraOptions: extraOptions))
            } else {
                context.write(rootHelp(formatter))
            }
            return .success
        }
        guard let command = try subcommandOrQuickCapture(Array(arguments[index...])) else {
            // `diary Met Anna for coffee @friends`: the words are a new entry's text.
            let capture = Array(arguments[index...])
            if Self.asksForHelp(capture) {
                // `diary book --help`: help about a word that names no command, never an entry.
                context.write(rootHelp(formatter))
                return .success
            }
            do {
                try run(NewCommand.self, words: capture, store: store, context: context)
                return .success
            } catch {
                throw SubcommandFailure(
                    error: error,
                    usage: .init(
                        usageLine: formatter.errorUsage(for: NewCommand.declaration), helpCommand: "\(name) new --help")
                )
            }
        }
        if Self.asksForHelp(words) {
            context.write(formatter.help(for: command.declaration, extraOptions: extraOptions))
            return .success
        }
        do {
            try run(command, words: words, store: store, context: context)
            return .success
        } catch UsageError.unexpectedArgument(let extra, nil) where !extra.hasPrefix("-") {
            // `diary check the oil tomorrow`: words after a command that takes none may be an entry.
            throw SubcommandFailure(
                error: UsageError.unexpectedArgument(
                    extra, asEntry: Self.entryCommandLine(Array(arguments[index...]), programName: name)),
                usage: .init(
                    usageLine: formatter.errorUsage(for: command.declaration),
                    helpCommand: "\(name) \(command.configuration.name) --help"))
        } catch {
            throw SubcommandFailure(
                error: error,
                usage: .init(
                    usageLine: formatter.errorUsage(for: command.declaration),
                    helpCommand: "\(name) \(command.configuration.name) --help"))
        }
    }

    /// Parses the subcommand's words, makes the command and runs it; `--store` after
    /// the subcommand wins over one before it. A command that succeeded then removes what is due
    /// from the trash of any diary it opened for writing.
    private func run(
        _ command: any ParsableCommand.Type, words: [String], store: URL?,
        context: CommandContext
    ) throws {
        let parsed = try ArgumentParser(
            parameters: command.parameters + extraOptions,
            context: context.argumentContext
        ).parse(words)
        for note in parsed.notes { context.writeErrorLine("Note: " + note) }
        var commandContext = context
        if let directory = try parsed.value(of: Self.storeOption, as: URL.self) ?? store {
            commandContext.storeDirectory = directory
        }
        do {
            try command.init(parsed: parsed).run(in: commandContext)
        } catch {
            // Let go of the diaries it opened, so they close (and SQLite tidies its log away) now.
            commandContext.openedForWriting.forgetAll()
            throw error
        }
        commandContext.removeDueTrash()
    }

    /// Whether `words` hold `-h` or `--help` before any `--`.
    private static func asksForHelp(_ words: [String]) -> Bool {
        words.prefix(while: { $0 != "--" }).contains { $0 == "--help" || $0 == "-h" }
    }

    /// The options every subcommand accepts besides its own.
    private var extraOptions: [ParameterSpec] { [Self.storeOption, Self.helpFlag] }

    /// The subcommand the first of `words` names; nil when the words are a quick entry's text
    /// (`diary Met Anna for coffee`). A first word near a command name, whatever follows it
    /// (`delte 3`, `LIST`, `serach coffee`), is refused as a mistyped command, never saved as an
    /// entry, with the command line that would make it one: near is one edit for a word of up to
    /// four letters (`shwo`, `Snow`; `Sick` is not near `lock`), two for a longer one (`serach`,
    /// `Hello`), a swap of neighbours counting as one, case ignored.
    private func subcommandOrQuickCapture(_ words: [String]) throws -> (any ParsableCommand.Type)? {
        let word = words[0]
        if let command = subcommands.first(where: { $0.configuration.name == word }) { return command }
        guard !word.contains(where: \.isWhitespace) else { return nil }
        let names = subcommands.map { $0.configuration.name } + ["help"]
        let lowered = word.lowercased()
        let distances = names.map { (name: $0, edits: EditDistance.withTranspositions(lowered, $0)) }
        guard let closest = distances.min(by: { $0.edits < $1.edits }),
            closest.edits <= (word.count <= 4 ? 1 : 2)
        else { return nil }
        throw UsageError.unknownSubcommand(
            word, suggestion: closest.name,
            asEntry: Self.entryCommandLine(words, programName: name))
    }

    /// `diary new <words>`, each word quoted for the shell where it needs to be.
    static func entryCommandLine(_ words: [String], programName: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#%+,-./:=_")
        let quoted = words.map { word in
            !word.isEmpty && word.allSatisfy(plain.contains)
                ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return ([programName, "new"] + quoted).joined(separator: " ")
    }

    private func subcommand(named name: String) throws -> any ParsableCommand.Type {
        if let command = subcommands.first(where: { $0.configuration.name == name }) {
            return command
        }
        let names = subcommands.map { $0.configuration.name } + ["help"]
        throw UsageError.unknownSubcommand(name, suggestion: EditDistance.suggestion(for: name, among: names))
    }

    private func rootHelp(_ formatter: HelpFormatter) -> String {
        let listed =
            subcommands.map { (name: $0.configuration.name, abstract: $0.configuration.abstract) }
            + [(name: "help", abstract: "Show subcommand help information.")]
        return formatter.rootHelp(
            abstract: abstract, discussion: discussion, usage: rootUsageLine,
            options: [Self.storeOption, Self.versionFlag, Self.helpFlag],
            subcommands: listed)
    }
}
