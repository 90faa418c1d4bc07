import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

// MARK: - In-process runs

/// The outcome of running a command line in-process: the status and the captured streams.
struct InProcessRun {
    let status: ExitCode
    let stdout: String
    let stderr: String
}

/// A fixed world for in-process runs: Europe/Berlin, "now" = 2026-11-29 12:00 UTC,
/// nothing is a terminal unless asked, and stdin holds `stdin`.
struct TestConsole {
    let output = MemoryOutputWriter()
    let errors = MemoryOutputWriter()
    var context: CommandContext

    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 2026-11-29T12:00:00Z, a Sunday.
    static let now = Date(timeIntervalSince1970: 1_795_953_600)

    init(
        timeZone: TimeZone = TestConsole.berlin, stdin: String = "", stdoutIsTerminal: Bool = false,
        stderrIsTerminal: Bool = false, width: Int? = nil, environment: [String: String] = ["HOME": "/home/test"]
    ) {
        let terminal = Terminal(
            standardOutput: output, standardError: errors,
            isStandardOutputTerminal: stdoutIsTerminal, isStandardErrorTerminal: stderrIsTerminal,
            isStandardInputTerminal: false, width: width,
            colorAllowed: Terminal.colorAllowed(environment: environment))
        context = CommandContext(
            terminal: terminal, environment: environment,
            argumentContext: ArgumentContext(
                calendar: .localGregorian(in: timeZone), now: Self.now,
                currentDirectory: URL(fileURLWithPath: "/work/photos", isDirectory: true)),
            standardInput: .fixed(stdin))
    }

    /// Runs `arguments` through `program` and returns what it printed.
    func run(_ program: CommandLineProgram, _ arguments: [String]) async -> InProcessRun {
        let status = program.run(arguments, context: context)
        return InProcessRun(status: status, stdout: output.text, stderr: errors.text)
    }
}

/// `diary` with the example subcommands of the tests registered.
let exampleProgram = CommandLineProgram(
    name: "diary", version: "0.1.0", abstract: "A photo diary for the command line.",
    subcommands: [StampCommand.self, GatherCommand.self])

/// Parses the words for one command directly, as the program would.
func parse(
    _ words: [String], for command: any ParsableCommand.Type,
    context: ArgumentContext = TestConsole().context.argumentContext
) throws(UsageError) -> ParsedArguments {
    try ArgumentParser(parameters: command.parameters, context: context).parse(words)
}

/// The parameter named `name` (its long name without dashes, or an argument's name) that a
/// command or option group declares, its included groups' among them.
func declaredParameter(_ name: String, of type: any ParsableArguments.Type) throws -> ParameterSpec {
    try #require(type.parameters.first { $0.name == name }, "\(type) declares no '\(name)'")
}
