import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a child process left behind: its exit status and both output streams.
public struct ProcessRun: CustomStringConvertible {
    /// The exit status (or the signal number when a signal ended it).
    public let status: Int32
    /// Everything it printed on stdout.
    public let stdout: String
    /// Everything it printed on stderr.
    public let stderr: String

    /// Creates an outcome (for tests of the runners themselves).
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The status and both streams, for a failed expectation's message.
    public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Why ``runProcess(_:_:environment:stdin:currentDirectory:timeout:)`` gave no outcome.
public enum ProcessRunError: Error, CustomStringConvertible {
    /// The child did not end within the time allowed and was killed.
    case timedOut(executable: String, arguments: [String], seconds: Double)

    /// The command line and the time it was given.
    public var description: String {
        switch self {
        case .timedOut(let executable, let arguments, let seconds):
            "\(([executable] + arguments).joined(separator: " ")) did not finish within \(seconds) s and was killed"
        }
    }
}

/// Runs `executable` with `arguments` and returns its status and output: the one child-process
/// runner of the tests.
///
/// - `environment` replaces the inherited environment when given.
/// - `stdin` is fed to the child (none: `/dev/null`, so stdin is never a terminal).
/// - `currentDirectory` is the child's working directory (default: this process's).
/// - The child is killed with SIGKILL, and the call throws, after `timeout` seconds.
///
/// stdout and stderr go to temporary files, so a large output never blocks on a pipe.
public func runProcess(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    stdin: String? = nil, currentDirectory: URL? = nil,
    timeout: Double = 60
) throws -> ProcessRun {
    let scratch = try TemporaryDirectory(prefix: "process-run")
    let stdoutFile = try scratch.file("stdout", Data())
    let stderrFile = try scratch.file("stderr", Data())
    let stdinFile = try scratch.file("stdin", Data((stdin ?? "").utf8))

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
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
        throw ProcessRunError.timedOut(executable: executable.path, arguments: arguments, seconds: timeout)
    }
    return ProcessRun(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self))
}

/// The `sqlite3` shell.
public let sqliteShell = URL(fileURLWithPath: "/usr/bin/sqlite3")

/// Runs the `sqlite3` shell on the database at `database` with `sql` (read-only when asked).
public func runSQLiteShell(_ database: URL, _ sql: String, readOnly: Bool = false) throws -> ProcessRun {
    try runProcess(sqliteShell, (readOnly ? ["-readonly"] : []) + [database.path, sql])
}
