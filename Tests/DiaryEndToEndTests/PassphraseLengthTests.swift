import Foundation
import TestSupport
import Testing

/// Passphrases longer than diary takes are refused (64) with one line, never cut: a cut one
/// would seal the diary under a passphrase the user never typed.
@Suite struct PassphraseLengthTests {
    /// A passphrase command printing `count` bytes of `x` (with a newline when `newline`).
    static func printing(_ count: Int, newline: Bool = true) -> String {
        "head -c \(count) /dev/zero | tr '\\0' x" + (newline ? "; echo" : "")
    }

    @Test(arguments: [(4097, true), (5000, true), (70_000, false)])
    func aPassphraseCommandPrintingTooLongALineIsRefusedNotCut(count: Int, newline: Bool) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "plain for now"])
        let snapshot = try store.snapshot()
        let run = try store.run(
            ["encrypt"], environment: ["DIARY_PASSPHRASE_COMMAND": Self.printing(count, newline: newline)])
        #expect(run.status == 64, "\(run)")
        #expect(
            run.stderr == "diary: the passphrase from DIARY_PASSPHRASE_COMMAND is longer than the 4096 bytes diary "
                + "takes; it was not cut, and nothing was changed\n", "\(run)")
        #expect(try store.snapshot() == snapshot)
    }

    @Test func aPassphraseOfTheLimitIsTakenWhole() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "locked with a long one"])
        try store.succeed(["encrypt"], environment: ["DIARY_PASSPHRASE_COMMAND": Self.printing(4096)])
        #expect(
            try store.succeed(["list"], environment: ["DIARY_PASSPHRASE_COMMAND": Self.printing(4096)])
                .stdout.contains("locked with a long one"))
        // Its first 4095 bytes are another passphrase.
        #expect(try store.run(["list"], environment: ["DIARY_PASSPHRASE_COMMAND": Self.printing(4095)]).status == 77)
    }

    @Test func aLineTheTerminalMayHaveCutIsRefused() throws {
        let folder = try TemporaryDirectory(prefix: "diary-long-passphrase")
        let store = folder.url.appendingPathComponent("store")
        let command = [try diaryBinary().path, "init", "--encrypt"].joined(separator: " ")
        // The terminal's line discipline keeps 4095 bytes of a longer line and drops the rest.
        let typing = "(sleep 1; \(Self.printing(5000)); sleep 1)"
        let run = try runDiary(
            ["-c", "\(typing) | script -qec '\(command)' /dev/null"],
            environment: ["TERM": "xterm"], store: .at(store), timeout: 60,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 64, "\(run)")
        #expect(
            run.stdout.contains("the passphrase from the terminal is longer than the 4094 bytes diary takes"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: store.path), "\(run)")
    }
}
