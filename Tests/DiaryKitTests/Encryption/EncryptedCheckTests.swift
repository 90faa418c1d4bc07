import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

/// `diary check` on an encrypted diary authenticates every page of its database first.
@Suite struct EncryptedCheckTests {
    @Test func aTamperedPageIsNamedByTheCheck() throws {
        let folder = try TemporaryDirectory()
        let directory = folder.url.appendingPathComponent("store")
        let key = DiaryKey(dataKey: try StoreEncryptionKey.random(), identifier: UUID())
        do {
            let diary = try Diary(directory: directory, key: key)
            for index in 0..<200 {
                let editor = try diary.newEntry()
                editor.text = String(repeating: "A long day at the lighthouse number \(index). ", count: 8)
                _ = try editor.save()
            }
            #expect(try diary.check().isHealthy)
        }
        // The last page of the file that the log does not hold a newer copy of (SQLite reads that
        // copy, and a checkpoint overwrites the file's): entry text or an index, never what opening reads.
        let database = directory.appendingPathComponent("Diary.sqlite")
        var bytes = try Data(contentsOf: database)
        let pageSize = 4096
        let log = [UInt8](FileManager.default.contents(atPath: database.path + "-wal") ?? Data())
        var logged = Set<Int>()
        var offset = 32
        while offset + 24 + pageSize <= log.count {
            let number = log[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            logged.insert(number)
            offset += pageSize + 24
        }
        let page = try #require((11...(bytes.count / pageSize)).last { !logged.contains($0) })
        bytes[(page - 1) * pageSize + 200] ^= 0x01
        try bytes.write(to: database)

        let report = try Diary(directory: directory, key: key).check()
        #expect(!report.isHealthy)
        #expect(report.integrityProblems == [Diary.damagedPageProblem(page)])
    }

    @Test func aTamperedFileNoEntryUsesIsNamedAndRepairRemovesIt() throws {
        let folder = try TemporaryDirectory()
        let key = DiaryKey(dataKey: try StoreEncryptionKey.random(), identifier: UUID())
        let diary = try Diary(directory: folder.url.appendingPathComponent("store"), key: key)
        let editor = try diary.newEntry()
        editor.text = "The harbour"
        try editor.addMedia([Fixture.url("jpeg-baseline.jpg")])
        _ = try editor.save()
        // A blob no medium refers to (a save killed after its commit), then changed by someone.
        let orphan = try diary.blobStore.commit(try diary.blobStore.stage(data: Data(repeating: 7, count: 200_000)))
        #expect(try diary.check().isHealthy)
        let file = diary.blobStore.url(for: orphan)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: file)

        let report = try diary.check()
        let name = diary.blobStore.fileName(forSHA256: orphan.sha256)
        #expect(report.damagedUnreferencedBlobs == [name])
        #expect(report.blobProblems.isEmpty && report.verifiedBlobCount == 1)
        #expect(!report.isHealthy && report.problemCount == 1)

        let repaired = try diary.check(repair: true, staleAfter: 0)
        #expect(repaired.removed.contains(name))
        #expect(repaired.isHealthy)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try diary.check().damagedUnreferencedBlobs.isEmpty)
    }
}
