import Foundation
import TestSupport
import Testing

/// `diary delete` against temporary stores.
@Suite struct DeleteCommandTests {
    @Test func removesTheRowsAndTheBlobFilesWhenTheTrashIsEmptied() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Gone soon", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav"), "--on", "2026-11-29 14:03", "--tag", "t"
        ])
        try store.succeed(["new", "--text", "Stays", "--image", Fixture.path("png-rgb-8.png")])
        #expect(try store.blobFiles().count == 3)
        #expect(try store.sqlite("SELECT COUNT(*) FROM Medium") == "3")

        let result = try store.succeed(["delete", "1", "--yes"])
        #expect(
            result.stdout == "Deleted entry #1 (Sunday, 29 November 2026 14:03, 1 photo, 1 recording); "
                + "'diary restore 1' brings it back\n")
        #expect(try store.blobFiles().count == 3, "a trashed entry keeps its media")
        #expect(try store.listedIDs([]) == [2])
        #expect(try store.succeed(["trash", "--empty", "--yes"]).stdout == "Removed 1 entry for good.\n")
        #expect(try store.sqlite("SELECT COUNT(*) FROM DiaryEntry") == "1")
        #expect(try store.sqlite("SELECT COUNT(*) FROM Medium") == "1")
        #expect(try store.sqlite("SELECT COUNT(*) FROM Z_DiaryEntry_tags") == "0")
        let blobs = try store.blobFiles()
        #expect(blobs.count == 1)
        let remaining = try #require(try store.json(["show", "2"]) as? [String: Any])
        let sha = try #require((remaining["media"] as? [[String: Any]])?.first?["sha256"] as? String)
        #expect(blobs.first?.hasSuffix(sha) == true)
        #expect(try store.listedIDs([]) == [2])
    }

    @Test func severalAtOnceOrNoneWhenAnIdIsUnknown() throws {
        let store = try TestStore()
        for text in ["a", "b", "c"] { try store.succeed(["new", "--text", text]) }
        let unknown = try store.run(["delete", "1", "7", "--yes"])
        #expect(unknown.status == 66, "\(unknown)")
        #expect(unknown.stderr.contains("no entry #7"))
        #expect(try store.listedIDs([]) == [3, 2, 1])
        let both = try store.succeed(["delete", "1", "3", "--yes"])
        #expect(both.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Deleted entry #") }.count == 2)
        #expect(try store.listedIDs([]) == [2])
        #expect(try store.run(["delete", "--yes"]).status == 64)
    }
}
