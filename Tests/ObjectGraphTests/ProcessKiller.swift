import Dispatch
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a child process for a random while, kills it with SIGKILL, and hands back what it
/// printed: the crash-consistency harness.
///
/// The child is expected to print one line per durable write, after the write returned, with
/// an unbuffered write (e.g. `FileHandle.standardOutput.write`). A line the kill cut short is
/// dropped, so every returned line stands for a write that completed.
///
/// The delays come from a seeded generator, so a run of kills is repeatable as far as the
/// scheduler allows.
struct ProcessKiller {
    /// What one killed run left behind.
    struct Outcome {
        /// How long the child ran before the kill was sent.
        let delay: Duration
        /// The complete lines the child printed on stdout, in order.
        let lines: [String]
        /// Everything the child printed on stderr.
        let standardError: String
        /// Whether SIGKILL ended the child (false: it exited on its own before the kill).
        let wasKilled: Bool
        /// The exit status, or the signal number when ``wasKilled``.
        let status: Int32
    }

    /// Draws the delays.
    private var generator: SeededGenerator
    /// The delays drawn, in milliseconds.
    let delayRange: ClosedRange<Int>

    /// A killer whose delays, `delayRange` milliseconds after launch, come from `seed`.
    init(seed: UInt64, delayRange: ClosedRange<Int> = 5...200) {
        generator = SeededGenerator(seed: seed)
        self.delayRange = delayRange
    }

    /// Launches `executable` with `arguments`, waits a random delay, sends SIGKILL unless the
    /// child has exited by then, waits for it to end, and returns its output.
    ///
    /// - Throws: an error from `Process.run()` when the child cannot be launched.
    mutating func runAndKill(_ executable: URL, arguments: [String]) throws -> Outcome {
        let milliseconds = Int.random(in: delayRange, using: &generator)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // The parent's copies of the write ends must go, or reading would never see end of file.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()

        // The point of the harness is to kill at an arbitrary moment, so this one wait is real;
        // it ends early when the child exits by itself.
        if exited.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
        }
        // A full pipe would block the child only until it dies; draining after the wait is safe.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        return Outcome(
            delay: .milliseconds(milliseconds),
            lines: Self.completeLines(of: printed),
            standardError: String(decoding: errorText, as: UTF8.self),
            wasKilled: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
            status: process.terminationStatus
        )
    }

    /// The newline-terminated lines of `data`; a trailing fragment without newline is dropped.
    static func completeLines(of data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // what follows the last newline: empty, or a line cut short
        return lines
    }

    /// The executable `name` built beside the running test binary (SwiftPM puts every product
    /// of the package in one directory), or at `$OG_CRASH_CHILD` when that is set.
    static func builtExecutable(named name: String) -> URL? {
        if let override = ProcessInfo.processInfo.environment["OG_CRASH_CHILD"] {
            return URL(fileURLWithPath: override)
        }
        var directory = Bundle.main.executableURL?.deletingLastPathComponent()
        // On macOS the test binary sits inside `<name>.xctest/Contents/MacOS`.
        for _ in 0..<4 {
            guard let candidate = directory?.appending(component: name) else { return nil }
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory?.deletingLastPathComponent()
        }
        return nil
    }
}
