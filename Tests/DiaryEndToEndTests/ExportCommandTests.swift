import Foundation
import TestSupport
import Testing

/// `diary export` against temporary stores.
@Suite struct ExportCommandTests {
    @Test func writesOneBundleEachAndPrintsItsPath() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Beach day", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav"), "--on", "2026-11-29 14:03"
        ])
        try store.succeed(["new", "--text", "Mountains", "--on", "2026-11-30 09:00"])
        let output = store.scratch.appendingPathComponent("out")
        let result = try store.succeed(["export", "1", "2", "--output", output.path])
        let paths = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            paths == [
                output.appendingPathComponent("2026-11-29-beach-day.diaryentry").path,
                output.appendingPathComponent("2026-11-30-mountains.diaryentry").path
            ])
        for name in ["entry.json", "index.html", "media"] {
            #expect(FileManager.default.fileExists(atPath: paths[0] + "/" + name), "\(name)")
        }
        let media = try FileManager.default.contentsOfDirectory(atPath: paths[0] + "/media")
        #expect(media.count == 2)

        let zipped = try store.succeed([
            "export", "--from", "2026-11-30", "--to", "2026-11-30", "--zip", "-o", output.path
        ])
        #expect(zipped.stdout == output.appendingPathComponent("2026-11-30-mountains.diaryentry.zip").path + "\n")
    }

    @Test func needsIdsOrARangeAndKnownIds() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"])
        let neither = try store.run(["export", "--output", store.scratch.path])
        #expect(neither.status == 64)
        #expect(
            neither.stderr.hasPrefix(
                "Error: Give the numbers of the entries to export, or --from/--to, --year or --tag\n"))
        #expect(try store.run(["export", "1", "--from", "today", "-o", store.scratch.path]).status == 64)
        let unknown = try store.run(["export", "1", "5", "-o", store.scratch.appendingPathComponent("none").path])
        #expect(unknown.status == 66)
        #expect(!FileManager.default.fileExists(atPath: store.scratch.appendingPathComponent("none").path + "/2026"))
    }
}
