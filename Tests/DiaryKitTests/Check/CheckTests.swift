import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct CheckTests {
    @Test func aHealthyStorePasses() throws {
        let store = try TestDiary()
        try store.add { editor in
            editor.text = "fine"
            try editor.addMedia([Fixture.url("png-rgb-8.png"), Fixture.url("audio-tone.wav")])
        }
        let report = try store.diary.check()
        #expect(report.isHealthy)
        #expect(report.integrityProblems.isEmpty)
        #expect(report.verifiedBlobCount == 2)
        #expect(report.unreferencedBlobs.isEmpty && report.recentUnreferencedBlobs.isEmpty)
        #expect(report.staleStagingFiles.isEmpty && report.removed.isEmpty)
    }

    @Test func findsMissingAndCorruptBlobs() throws {
        let store = try TestDiary()
        let record = try store.add { editor in
            try editor.addMedia([Fixture.url("png-rgb-8.png"), Fixture.url("jpeg-baseline.jpg")])
        }
        let (png, jpeg) = (record.media[0], record.media[1])
        try FileManager.default.removeItem(at: png.fileURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: jpeg.fileURL.path)
        var bytes = try Data(contentsOf: jpeg.fileURL)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: jpeg.fileURL)

        let report = try store.diary.check(repair: true)
        #expect(!report.isHealthy)
        #expect(
            report.blobProblems == [
                CheckReport.BlobProblem(
                    entryID: record.id, mediumIndex: 1, sha256: png.sha256, kind: .missing,
                    byteCount: png.byteCount, fileName: "png-rgb-8.png"),
                CheckReport.BlobProblem(
                    entryID: record.id, mediumIndex: 2, sha256: jpeg.sha256, kind: .corrupt,
                    byteCount: jpeg.byteCount, fileName: "jpeg-baseline.jpg")
            ])
        // Repair never touches a referenced file, even a damaged one.
        #expect(report.removed.isEmpty)
        #expect(FileManager.default.fileExists(atPath: jpeg.fileURL.path))
    }

    @Test func repairRemovesOnlyUnreferencedFiles() throws {
        let store = try TestDiary()
        let record = try store.add { try $0.addMedia([Fixture.url("png-rgb-8.png")]) }
        // A blob committed by a save that never happened, and an old temporary file.
        let blobs = try BlobStore(directory: store.diary.blobDirectory)
        let orphan = try blobs.commit(try blobs.stage(fileAt: Fixture.url("audio-tone.wav")))
        let leftover = try blobs.stage(data: Data("half-written".utf8))
        let old = Date(timeIntervalSinceNow: -7200)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: leftover.temporaryURL.path)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: blobs.url(for: orphan).path)
        // Committed a moment ago, maybe for a save still running elsewhere: spared.
        let recent = try blobs.commit(try blobs.stage(data: Data("just committed".utf8)))
        let fresh = try blobs.stage(data: Data("still being written".utf8))
        let stray = store.diary.blobDirectory.appendingPathComponent("notes.txt")
        try Data("user file".utf8).write(to: stray)

        let dryRun = try store.diary.check()
        #expect(dryRun.isHealthy)
        #expect(dryRun.unreferencedBlobs == [orphan.sha256])
        #expect(dryRun.recentUnreferencedBlobs == [recent.sha256])
        #expect(dryRun.staleStagingFiles == [".staging/" + leftover.temporaryURL.lastPathComponent])
        #expect(dryRun.removed.isEmpty)
        #expect(blobs.contains(sha256: orphan.sha256))

        let repaired = try store.diary.check(repair: true)
        #expect(repaired.removed == [orphan.sha256, ".staging/" + leftover.temporaryURL.lastPathComponent])
        #expect(!blobs.contains(sha256: orphan.sha256))
        #expect(!FileManager.default.fileExists(atPath: leftover.temporaryURL.path))
        #expect(FileManager.default.fileExists(atPath: fresh.temporaryURL.path))
        #expect(FileManager.default.fileExists(atPath: stray.path))
        #expect(try store.blobFiles() == [record.media[0].sha256, recent.sha256])
        #expect(try store.diary.check().unreferencedBlobs.isEmpty)
        #expect(
            try store.diary.check(repair: true, staleAfter: 0).removed
                == [recent.sha256, ".staging/" + fresh.temporaryURL.lastPathComponent])
    }

    @Test func aFolderLeftByAKilledImportIsReportedAndRepairRemovesIt() throws {
        let store = try TestDiary()
        try store.add { $0.text = "fine" }
        let temporary = try store.folder.folder("tmp")
        // A process id that is not running: the kernel's pid_max is below 2^22.
        let stale = try store.folder.folder("tmp/\(BundleReader.extractionPrefix)-4194304-\(UUID().uuidString)")
        let live = try store.folder.folder("tmp/\(BundleReader.extractionPrefix)-\(getpid())-\(UUID().uuidString)")

        let report = try store.diary.check(temporaryDirectory: temporary)
        #expect(report.staleWorkFolders == [stale.path])
        #expect(report.isHealthy)

        let repaired = try store.diary.check(repair: true, temporaryDirectory: temporary)
        #expect(repaired.removed == [stale.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [live.lastPathComponent])
    }
}
