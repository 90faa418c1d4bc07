import Foundation
import TestSupport
import Testing

/// One readable line and the README's exit status for the mistakes real use ran into.
@Suite struct ErrorWordingTests {
    @Test(arguments: [["--zip"], []])
    func exportOntoAnExistingFileIsOneReadableLine(extra: [String]) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Beach day"])
        let file = store.scratch.appendingPathComponent("out.file")
        try Data("mine".utf8).write(to: file)
        let before = try store.snapshot()
        let run = try store.run(["export", "1", "--output", file.path] + extra)
        #expect(run.status == 74, "\(run)")
        #expect(run.stderr == "diary: cannot export into \(file.path): it is a file, not a folder\n", "\(run)")
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
        #expect(try store.snapshot() == before)
    }

    @Test(arguments: ["json", "markdown"])
    func wholeDiaryExportWithoutOutputNamesTheMissingOptionAndWhy(format: String) throws {
        let store = try TestStore()
        let run = try store.run(["export", "--format", format])
        #expect(run.status == 64, "\(run)")
        #expect(
            run.stderr.hasPrefix(
                "Error: --format \(format) needs --output <dir>: the whole diary is written "
                    + "into a new or empty folder of its own\n"), "\(run)")
    }

    @Test func editWithEmptyTextBehavesAsNewWithEmptyText() throws {
        let store = try TestStore()
        let new = try store.run(["new", "--text", ""])
        #expect(new.status == 0 && new.stderr == "Cancelled: empty entry, nothing saved.\n", "\(new)")
        try store.succeed(["new", "--text", "Keep me"])
        let before = try store.snapshot()
        let edit = try store.run(["edit", "1", "--text", " "])
        #expect(edit.status == 0, "\(edit)")
        #expect(edit.stderr == "Cancelled: empty text, entry #1 left as it was.\n", "\(edit)")
        #expect(edit.stdout == "")
        #expect(try store.snapshot() == before)

        // With a photo the entry keeps, the text goes, as `new --text "" --image …` saves no text.
        try store.succeed(["new", "--text", "Photo", "--image", Fixture.path("jpeg-baseline.jpg")])
        let cleared = try #require(try store.json(["edit", "2", "--text", ""]) as? [String: Any])
        #expect(cleared["text"] == nil || cleared["text"] is NSNull)
        #expect((cleared["media"] as? [Any])?.count == 1)
    }

    @Test func aFolderWhereAFileIsExpectedHasOneCodeAndOneWording() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First"])
        let folder = store.scratch.appendingPathComponent("a-folder", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let before = try store.snapshot()
        for arguments in [
            ["new", "--text", "x", "--image", folder.path], ["new", "--text", "x", "--media", folder.path],
            ["edit", "1", "--audio", folder.path], ["import", "--from", "jrnl", folder.path]
        ] {
            let run = try store.run(arguments)
            #expect(run.status == 66, "\(arguments): \(run)")
            #expect(run.stderr == "diary: \(folder.path): it is a folder, not a file\n", "\(arguments): \(run)")
        }
        #expect(try store.snapshot() == before)
    }
}
