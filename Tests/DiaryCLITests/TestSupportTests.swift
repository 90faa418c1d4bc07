import Foundation
import Testing

/// The `runDiary` helper itself, run on small shell scripts instead of `diary`.
@Suite struct TestSupportTests {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory(prefix: "diary-support")
    }

    func script(_ body: String) throws -> URL {
        let url = scratch.url.appendingPathComponent("tool-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    @Test func environmentIsIsolatedThenMerged() throws {
        let tool = try script(#"echo "home=$DIARY_HOME editor=${EDITOR-unset} extra=$EXTRA""#)
        let run = try runDiary([], environment: ["EXTRA": "yes"], executable: tool)
        #expect(run.stdout.hasPrefix("home=/"))
        #expect(run.stdout.contains("/store editor=unset extra=yes\n"))
        let shared = try runDiary([], store: .at(scratch.url), executable: tool)
        #expect(shared.stdout.hasPrefix("home=\(scratch.url.path) "))
    }

    @Test func argumentsStdinStatusAndBothStreamsComeBack() throws {
        let tool = try script(#"printf '%s|' "$@"; cat; echo oops >&2; exit 7"#)
        let run = try runDiary(["a b", "--c"], stdin: "piped\n", executable: tool)
        #expect(run.status == 7)
        #expect(run.stdout == "a b|--c|piped\n")
        #expect(run.stderr == "oops\n")
    }

    @Test func largeOutputDoesNotBlock() throws {
        let tool = try script("head -c 300000 /dev/zero | tr '\\\\0' x")
        #expect(try runDiary([], executable: tool).stdout.count == 300_000)
    }

    @Test func aHangingProcessIsKilledAtTheTimeout() throws {
        let tool = try script("exec sleep 30")
        let started = Date()
        #expect(throws: DiaryRunError.self) { try runDiary([], timeout: 0.3, executable: tool) }
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
