import Foundation
import Testing

/// `diary check` against temporary stores.
@Suite struct CheckCommandTests {
    @Test func aSoundStorePassesAndRepairRemovesOnlyUnreferencedFiles() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--image", fixture("jpeg-baseline.jpg")])
        let healthy = try #require(try store.json(["check"]) as? [String: Any])
        #expect(healthy["healthy"] as? Bool == true)
        #expect(healthy["verifiedBlobCount"] as? Int == 1)

        // A blob file no medium refers to, as an interrupted save might leave.
        let orphan = String(repeating: "ab", count: 32)
        let folder = store.url.appendingPathComponent("Diary.blobs/ab/ab", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let orphanURL = folder.appendingPathComponent(orphan)
        try Data("orphan".utf8).write(to: orphanURL)
        let recent = try store.succeed(["check", "--repair"])
        #expect(recent.stdout.contains("Recent unreferenced files: 1"), "a fresh file is spared: \(recent)")
        #expect(FileManager.default.fileExists(atPath: orphanURL.path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)],
                                              ofItemAtPath: orphanURL.path)
        let found = try store.succeed(["check"])
        #expect(found.stdout.contains("Unreferenced files: 1 (run 'diary check --repair' to remove them)"))
        let repaired = try store.succeed(["check", "--repair"])
        #expect(repaired.stdout.contains("Removed 1 unreferenced file:\n  \(orphan)\n"), "\(repaired)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(orphan).path))
        #expect(try store.blobFiles().count == 1)
    }

    @Test func aDamagedBlobExits65AndIsLeftAlone() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--image", fixture("png-rgb-8.png")])
        let blob = try #require(try store.blobFiles().first)
        let url = URL(fileURLWithPath: store.url.path + blob)
        try Data("damaged".utf8).write(to: url)
        let result = try store.run(["check", "--repair", "--json"])
        #expect(result.status == 65, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["healthy"] as? Bool == false)
        let problems = try #require(report["blobProblems"] as? [[String: Any]])
        #expect(problems.first?["problem"] as? String == "corrupt")
        #expect(problems.first?["entry"] as? Int == 1)
        #expect(result.stderr.contains("has 1 problem that repair cannot fix"))
        #expect(try Data(contentsOf: url) == Data("damaged".utf8))
    }
}
