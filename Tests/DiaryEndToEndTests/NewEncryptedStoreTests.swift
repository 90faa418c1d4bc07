import Foundation
import TestSupport
import Testing

/// A new encrypted diary (`DIARY_ENCRYPT=1`, `init --encrypt`) when no passphrase can be had:
/// the message is about the diary to be made, not an existing encrypted one, and nothing is made.
@Suite struct NewEncryptedStoreTests {
    /// Runs `diary` in a new session without a controlling terminal (setsid), on `store`.
    static func runWithoutTerminal(
        _ arguments: [String], store: URL, environment: [String: String]
    ) throws -> ProcessRun {
        try runDiary(
            ["-w", try diaryBinary().path] + arguments,
            environment: ["TZ": "Europe/Berlin"].merging(environment) { $1 }, store: .at(store),
            executable: URL(fileURLWithPath: "/usr/bin/setsid"))
    }

    @Test(arguments: [
        (["new", "--text", "first words"], ["DIARY_ENCRYPT": "1"]),
        (["init", "--encrypt"], [String: String]())
    ])
    func aNewEncryptedDiaryWithoutAPassphraseSourceSaysItNeedsOneAndMakesNothing(
        arguments: [String], environment: [String: String]
    ) throws {
        let scratch = try TemporaryDirectory(prefix: "diary-new-encrypted")
        let store = scratch.url.appendingPathComponent("store", isDirectory: true)
        let run = try Self.runWithoutTerminal(arguments, store: store, environment: environment)
        #expect(run.status == 77, "\(run)")
        #expect(!run.stderr.contains("is encrypted"), "\(run)")
        #expect(run.stderr.contains("there is no diary at \(store.path) yet"), "\(run)")
        #expect(run.stderr.contains("a new encrypted diary needs a passphrase"), "\(run)")
        #expect(run.stderr.contains("set DIARY_NEW_PASSPHRASE_COMMAND to a command that prints one"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: store.path), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == [])
    }
}
