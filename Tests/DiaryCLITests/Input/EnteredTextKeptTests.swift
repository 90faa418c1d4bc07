import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// Text piped in is kept on disk with its path printed when another `diary` changes the entry
/// meanwhile (the end-to-end cases are DiaryEndToEndTests' `EnteredTextKeptTests`).
@Suite struct EnteredTextKeptTests {
    /// In-process, so the other process can change the entry exactly while stdin is read.
    @Test func pipedTextIsKeptInAPrivateFileWhenTheSaveFails() async throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First"])
        let storeURL = store.url
        var console = TestConsole()
        console.context.storeDirectory = store.url
        console.context.temporaryDirectory = store.scratch
        console.context.standardInput = StandardInput { () throws(TextInputError) in
            _ = try? runDiary(["edit", "1", "--text", "Elsewhere"], store: .at(storeURL))
            return Array("Piped meanwhile\n".utf8)
        }
        let run = await console.run(DiaryCommand.program, ["edit", "1"])
        #expect(run.status == .temporaryFailure, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix(
                "diary: another diary process changed entry #1 meanwhile (its text was changed "
                    + "there too); nothing was saved, try again; your text is kept in \(store.scratch.path)/diary-kept-"
            ))
        let kept = try #require(keptPath(in: run.stderr), "\(run.stderr)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Piped meanwhile\n")
        let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode =
            try FileManager.default.attributesOfItem(
                atPath: (kept as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect((try store.json(["show", "1"]) as? [String: Any])?["text"] as? String == "Elsewhere")
    }
}
