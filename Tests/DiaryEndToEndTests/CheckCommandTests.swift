import Foundation
import TestSupport
import Testing

/// `diary check` against temporary stores.
@Suite struct CheckCommandTests {
    @Test func aSoundStorePassesAndRepairRemovesOnlyUnreferencedFiles() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--image", Fixture.path("jpeg-baseline.jpg")])
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
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
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
        try store.succeed(["new", "--text", "x", "--image", Fixture.path("png-rgb-8.png")])
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

    @Test func repairKeepsEveryFileWhileAMediumIsMissingAndSaysWhy() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--image", Fixture.path("jpeg-baseline.jpg")])
        // An old leftover that repair would collect on a healthy store.
        let orphan = String(repeating: "cd", count: 32)
        let folder = store.url.appendingPathComponent("Diary.blobs/cd/cd", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("orphan".utf8).write(to: folder.appendingPathComponent(orphan))
        let hour = Date(timeIntervalSinceNow: -7200)
        try FileManager.default.setAttributes(
            [.modificationDate: hour], ofItemAtPath: folder.appendingPathComponent(orphan).path)
        let photo = try #require(try store.blobFiles().first { !$0.hasSuffix(orphan) })
        try FileManager.default.setAttributes([.modificationDate: hour], ofItemAtPath: store.url.path + photo)
        // One digit of the medium's stored hash damaged: its file now looks unreferenced.
        let stored = try store.sqlite("SELECT data_sha256 FROM Medium")
        let damaged = (stored.first == "0" ? "1" : "0") + stored.dropFirst()
        _ = try store.sqlite("UPDATE Medium SET data_sha256 = '\(damaged)'")
        let before = try store.snapshot()

        let result = try store.run(["check", "--repair"])
        #expect(result.status == 65, "\(result)")
        #expect(try store.snapshot() == before, "repair removed or changed a file")
        #expect(
            result.stdout.contains(
                "entry #1, medium 1 (jpeg-baseline.jpg): missing (\(damaged))\n"
                    + "  To heal one, add the same file again ('diary edit <entry> --media <file>'); "
                    + "if the old medium stays damaged, '--remove-media <medium>' drops it.\n"), "\(result)")
        #expect(
            result.stdout.contains(
                "Removed nothing: a medium is missing or damaged, "
                    + "so the unreferenced files may be its only copy. Kept 2 files:"), "\(result)")
        #expect(result.stdout.contains("  \(stored) (the size of entry #1, medium 1, which is missing)\n"), "\(result)")
        #expect(result.stdout.contains("  \(orphan)\n"), "\(result)")

        let json = try store.run(["check", "--repair", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["removed"] as? [String] == [])
        #expect(report["kept"] as? [String] == [stored, orphan].sorted())
        #expect(try store.snapshot() == before)
    }

    @Test func aPhotoAddedOntoADamagedBlobOfTheSameSizeIsStoredAfresh() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "first", "--image", Fixture.path("jpeg-baseline.jpg")])
        let blob = try #require(try store.blobFiles().first)
        let url = URL(fileURLWithPath: store.url.path + blob)
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0x40
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        try bytes.write(to: url)
        #expect(try store.run(["check"]).status == 65)

        try store.succeed(["new", "--text", "again", "--image", Fixture.path("jpeg-baseline.jpg")])
        #expect(
            try Data(contentsOf: url) == (try Data(contentsOf: URL(fileURLWithPath: Fixture.path("jpeg-baseline.jpg"))))
        )
        let report = try #require(try store.json(["check"]) as? [String: Any])
        #expect(report["healthy"] as? Bool == true)
    }
}
