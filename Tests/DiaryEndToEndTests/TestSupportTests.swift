import Foundation
import TestSupport
import Testing

/// The `runDiary` helper itself, run on small shell scripts instead of `diary`.
@Suite struct TestSupportTests {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory(prefix: "diary-support")
    }

    /// Runs a script through `runDiary` in place of the `diary` binary.
    func run(
        _ body: String, _ arguments: [String] = [], environment: [String: String] = [:],
        stdin: String? = nil, store: StoreChoice = .fresh, timeout: Double = 30
    ) throws -> ProcessRun {
        let script = try makeScript(in: scratch.url, body)
        return try runDiary(
            [script.path] + arguments, environment: environment, stdin: stdin, store: store,
            timeout: timeout, executable: shell)
    }

    @Test func environmentIsIsolatedThenMerged() throws {
        let tool = #"echo "home=$DIARY_HOME editor=${EDITOR-unset} extra=$EXTRA""#
        let run = try self.run(tool, environment: ["EXTRA": "yes"])
        #expect(run.stdout.hasPrefix("home=/"))
        #expect(run.stdout.contains("/store editor=unset extra=yes\n"))
        let shared = try self.run(tool, store: .at(scratch.url))
        #expect(shared.stdout.hasPrefix("home=\(scratch.url.path) "))
    }

    @Test func argumentsStdinStatusAndBothStreamsComeBack() throws {
        let run = try self.run(#"printf '%s|' "$@"; cat; echo oops >&2; exit 7"#, ["a b", "--c"], stdin: "piped\n")
        #expect(run.status == 7)
        #expect(run.stdout == "a b|--c|piped\n")
        #expect(run.stderr == "oops\n")
    }

    @Test func largeOutputDoesNotBlock() throws {
        #expect(try run("head -c 300000 /dev/zero | tr '\\\\0' x").stdout.count == 300_000)
    }

    @Test func aHangingProcessIsKilledAtTheTimeout() throws {
        let started = Date()
        #expect(throws: ProcessRunError.self) { try run("exec sleep 30", timeout: 0.3) }
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
