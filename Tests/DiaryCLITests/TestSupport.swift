import Foundation
import Testing
import TestSupport
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

    init(timeZone: TimeZone = TestConsole.berlin, stdin: String = "", stdoutIsTerminal: Bool = false,
         stderrIsTerminal: Bool = false, width: Int? = nil, environment: [String: String] = ["HOME": "/home/test"]) {
        let terminal = Terminal(standardOutput: output, standardError: errors,
                                isStandardOutputTerminal: stdoutIsTerminal, isStandardErrorTerminal: stderrIsTerminal,
                                isStandardInputTerminal: false, width: width,
                                colorAllowed: Terminal.colorAllowed(environment: environment))
        context = CommandContext(
            terminal: terminal, environment: environment,
            argumentContext: ArgumentContext(calendar: .localGregorian(in: timeZone), now: Self.now,
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
func parse(_ words: [String], for command: any ParsableCommand.Type,
           context: ArgumentContext = TestConsole().context.argumentContext) throws(UsageError) -> ParsedArguments {
    try ArgumentParser(parameters: command.parameters, context: context).parse(words)
}

/// The parameter named `name` (its long name without dashes, or an argument's name) that a
/// command or option group declares, its included groups' among them.
func declaredParameter(_ name: String, of type: any ParsableArguments.Type) throws -> ParameterSpec {
    try #require(type.parameters.first { $0.name == name }, "\(type) declares no '\(name)'")
}

// MARK: - End-to-end runs of the built binary

/// Why `runDiary` could not run the binary at all (a run that times out throws
/// ``ProcessRunError``).
enum DiaryRunError: Error, CustomStringConvertible {
    case binaryMissing(String)

    var description: String {
        switch self {
        case .binaryMissing(let path):
            "the diary binary is missing at \(path); build it first (`swift build --product diary`) "
                + "or set DIARY_BIN to its path"
        }
    }
}

/// Which store a run uses (through `DIARY_HOME`).
enum StoreChoice {
    /// A new empty directory, removed after the run.
    case fresh
    /// This directory, kept (share one ``TemporaryDirectory`` across runs).
    case at(URL)
    /// Whatever the environment says (`DIARY_HOME` is removed from the inherited one).
    case inherited
}

/// Writes a `/bin/sh` script with `body` into `directory` (a stand-in editor or
/// tool) and returns its location. Run it as `/bin/sh <script>`, not directly: while
/// parallel tests fork, a file just written may still be open for writing in a child,
/// and executing it would fail with "Text file busy".
func makeScript(in directory: URL, _ body: String) throws -> URL {
    let url = directory.appendingPathComponent("script-\(UUID().uuidString).sh")
    try Data("\(body)\n".utf8).write(to: url)
    return url
}

/// The shell that runs scripts made by ``makeScript(in:_:)``.
let shell = URL(fileURLWithPath: "/bin/sh")

/// The built `diary`: `$DIARY_BIN`, else `.build/debug/diary` of this package.
func diaryBinary() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["DIARY_BIN"], !path.isEmpty {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw DiaryRunError.binaryMissing(path) }
        return URL(fileURLWithPath: path)
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let binary = packageRoot.appendingPathComponent(".build/debug/diary")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw DiaryRunError.binaryMissing(binary.path)
    }
    return binary
}

/// Variables removed from the inherited environment so runs do not depend on the
/// developer's shell: the store, the editor, colour and width settings.
private let isolatedVariables = ["DIARY_HOME", "XDG_DATA_HOME", "VISUAL", "EDITOR", "NO_COLOR", "COLUMNS",
                                 "TERM", "DIARY_NOW"]

/// Runs the built `diary` with `arguments` and returns its status and output.
///
/// - `environment` is laid over the inherited one, from which the store, editor and
///   colour variables are removed first.
/// - `stdin` is fed to the process (none: `/dev/null`, so stdin is never a terminal).
/// - `store` picks `DIARY_HOME`: a fresh temporary directory by default.
/// - The process is killed, and the call throws, after `timeout` seconds.
/// - `executable` replaces the `diary` binary (for testing this helper).
/// stdout and stderr go to temporary files, so large outputs never block on a pipe.
/// The process runs in a scratch directory of its own, removed afterwards.
func runDiary(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
              store: StoreChoice = .fresh, timeout: Double = 30, executable: URL? = nil) throws -> ProcessRun {
    let binary = try executable ?? diaryBinary()
    let scratch = try TemporaryDirectory(prefix: "diary-run")

    var variables = ProcessInfo.processInfo.environment
    isolatedVariables.forEach { variables[$0] = nil }
    switch store {
    case .fresh:
        let home = scratch.url.appendingPathComponent("store", isDirectory: true)
        variables["DIARY_HOME"] = home.path
    case .at(let url):
        variables["DIARY_HOME"] = url.path
    case .inherited:
        break
    }
    variables.merge(environment) { _, new in new }

    return try runProcess(binary, arguments, environment: variables, stdin: stdin, currentDirectory: scratch.url,
                          timeout: timeout)
}

// MARK: - Stores, fixtures and JSON for the command tests

/// A temporary diary store that several runs share, in `Europe/Berlin` unless a run says
/// otherwise, and at the moment `now` (`DIARY_NOW`) when one is given; removed when the value
/// goes away.
final class TestStore {
    let directory: TemporaryDirectory
    /// The ISO 8601 moment every run reads relative dates from, instead of the clock.
    let now: String?
    /// The store folder itself (`DIARY_HOME`).
    var url: URL { directory.url.appendingPathComponent("store", isDirectory: true) }
    /// A scratch folder beside the store, for exports and editor scripts.
    var scratch: URL { directory.url }

    init(now: String? = nil) throws {
        directory = try TemporaryDirectory(prefix: "diary-store")
        self.now = now
    }

    /// Runs `diary` on this store.
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> ProcessRun {
        var base = ["TZ": "Europe/Berlin"]
        if let now { base["DIARY_NOW"] = now }
        return try runDiary(arguments, environment: base.merging(environment) { _, new in new },
                            stdin: stdin, store: .at(url))
    }

    /// Runs `diary` and expects exit 0, giving the run.
    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessRun {
        let result = try run(arguments, environment: environment, stdin: stdin)
        #expect(result.status == 0, "diary \(arguments.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `diary … --json` and parses the output.
    func json(_ arguments: [String], environment: [String: String] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = try succeed(arguments + ["--json"], environment: environment, sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Creates an entry with `diary new … --json` and gives its entry object.
    func create(_ arguments: [String], environment: [String: String] = [:],
                sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try json(["new"] + arguments, environment: environment, sourceLocation: sourceLocation)
            as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The ids `diary list … --json` prints, in order.
    func listedIDs(_ arguments: [String], environment: [String: String] = [:],
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        let entries = try #require(try json(["list"] + arguments, environment: environment,
                                            sourceLocation: sourceLocation) as? [[String: Any]])
        return entries.compactMap { $0["id"] as? Int }
    }

    /// Every file and folder under the store, byte for byte.
    func snapshot() throws -> FolderFingerprint {
        try FolderFingerprint(of: url)
    }

    /// The paths of the media blob files under `Diary.blobs/` (not temporary files), each
    /// starting with `/` so that `url.path + path` is the file.
    func blobFiles() throws -> [String] {
        try snapshot().filePaths.filter { $0.hasPrefix("Diary.blobs/") && !$0.contains("/.") }.map { "/" + $0 }
    }

    /// Runs `sqlite3` on the store's database and gives its output.
    func sqlite(_ sql: String) throws -> String {
        try runSQLiteShell(url.appendingPathComponent("Diary.sqlite"), sql).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs the built `diary` with a pseudo-terminal as stdin, stdout and stderr (through
/// util-linux `script`), as a person at a terminal would: the editor opens, colour is
/// on unless `NO_COLOR` says otherwise. Lines come back ending in `\r\n` as a terminal
/// gets them; `stdout` holds both streams.
func runDiaryInTerminal(_ arguments: [String], store: URL, environment: [String: String] = [:],
                        typing input: String? = nil) throws -> ProcessRun {
    let quoted = ([try diaryBinary().path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
    return try runDiary(["-qec", quoted.joined(separator: " "), "/dev/null"],
                        environment: ["TZ": "Europe/Berlin", "TERM": "xterm"].merging(environment) { _, new in new },
                        stdin: input, store: .at(store), executable: URL(fileURLWithPath: "/usr/bin/script"))
}
