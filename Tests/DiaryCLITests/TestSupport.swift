import Foundation
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
        let status = await program.run(arguments, context: context)
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
    try ArgumentParser(parameters: command.configuration.parameters, context: context).parse(words)
}

// MARK: - End-to-end runs of the built binary

/// The outcome of running the `diary` binary.
struct DiaryRun: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Why `runDiary` could not run the binary at all.
enum DiaryRunError: Error, CustomStringConvertible {
    case binaryMissing(String)
    case timedOut(arguments: [String], seconds: Double)

    var description: String {
        switch self {
        case .binaryMissing(let path):
            "the diary binary is missing at \(path); build it first (`swift build --product diary`) "
                + "or set DIARY_BIN to its path"
        case .timedOut(let arguments, let seconds):
            "diary \(arguments.joined(separator: " ")) did not finish within \(seconds) s and was killed"
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

/// A directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init(prefix: String = "diary-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)",
                                                                            isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
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
                                 "TERM"]

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
              store: StoreChoice = .fresh, timeout: Double = 30, executable: URL? = nil) throws -> DiaryRun {
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

    let stdoutFile = scratch.url.appendingPathComponent("stdout")
    let stderrFile = scratch.url.appendingPathComponent("stderr")
    let stdinFile = scratch.url.appendingPathComponent("stdin")
    try Data().write(to: stdoutFile)
    try Data().write(to: stderrFile)
    try Data((stdin ?? "").utf8).write(to: stdinFile)

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = variables
    process.currentDirectoryURL = scratch.url
    let output = try FileHandle(forWritingTo: stdoutFile)
    let errors = try FileHandle(forWritingTo: stderrFile)
    let input = stdin == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: stdinFile)
    defer {
        try? output.close()
        try? errors.close()
        if stdin != nil { try? input.close() }
    }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input

    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        // SIGKILL, not SIGTERM: a child may inherit a mask that blocks SIGTERM from the test thread.
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
        throw DiaryRunError.timedOut(arguments: arguments, seconds: timeout)
    }
    return DiaryRun(status: process.terminationStatus,
                    stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
                    stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self))
}

// MARK: - Stores, fixtures and JSON for the command tests

/// A file of the repository's `Fixtures/` folder.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// A temporary diary store that several runs share, in `Europe/Berlin` unless a run says
/// otherwise; removed when the value goes away.
final class TestStore {
    let directory: TemporaryDirectory
    /// The store folder itself (`DIARY_HOME`).
    var url: URL { directory.url.appendingPathComponent("store", isDirectory: true) }
    /// A scratch folder beside the store, for exports and editor scripts.
    var scratch: URL { directory.url }

    init() throws {
        directory = try TemporaryDirectory(prefix: "diary-store")
    }

    /// Runs `diary` on this store.
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> DiaryRun {
        try runDiary(arguments, environment: ["TZ": "Europe/Berlin"].merging(environment) { _, new in new },
                     stdin: stdin, store: .at(url))
    }

    /// Runs `diary` and expects exit 0, giving the run.
    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> DiaryRun {
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

    /// Every file under the store with its bytes, keyed by its path inside the store; not SQLite's
    /// shared-memory index (`Diary.sqlite-shm`), which holds no data and which every process that
    /// opens the store rebuilds from the log a writer leaves behind.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = url.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        else { return files }
        for case let file as URL in enumerator
        where try file.lastPathComponent != "Diary.sqlite-shm"
            && file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files[String(file.standardizedFileURL.path.dropFirst(root.count))] = try Data(contentsOf: file)
        }
        return files
    }

    /// The paths of the media blob files under `Diary.blobs/` (not temporary files).
    func blobFiles() throws -> [String] {
        try snapshot().keys.filter { $0.hasPrefix("/Diary.blobs/") && !$0.contains("/.") }.sorted()
    }

    /// Runs `sqlite3` on the store's database and gives its output.
    func sqlite(_ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [url.appendingPathComponent("Diary.sqlite").path, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs the built `diary` with a pseudo-terminal as stdin, stdout and stderr (through
/// util-linux `script`), as a person at a terminal would: the editor opens, colour is
/// on unless `NO_COLOR` says otherwise. Lines come back ending in `\r\n` as a terminal
/// gets them; `stdout` holds both streams.
func runDiaryInTerminal(_ arguments: [String], store: URL, environment: [String: String] = [:],
                        typing input: String? = nil) throws -> DiaryRun {
    let quoted = ([try diaryBinary().path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
    return try runDiary(["-qec", quoted.joined(separator: " "), "/dev/null"],
                        environment: ["TZ": "Europe/Berlin", "TERM": "xterm"].merging(environment) { _, new in new },
                        stdin: input, store: .at(store), executable: URL(fileURLWithPath: "/usr/bin/script"))
}
