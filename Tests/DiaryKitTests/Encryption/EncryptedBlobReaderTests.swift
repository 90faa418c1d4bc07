import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

/// Every reader of media contents works on a diary whose blobs are encrypted: bundle export
/// (folder and zip), the whole-diary export, and the check, which names each damaged blob.
@Suite struct EncryptedBlobReaderTests {
    let folder: TemporaryDirectory
    let diary: Diary
    let record: EntryRecord
    let fixtures = ["png-rgb-8.png", "jpeg-baseline.jpg", "audio-tone.wav"]

    init() throws {
        folder = try TemporaryDirectory()
        diary = try Diary(
            directory: folder.url.appendingPathComponent("store"),
            key: DiaryKey(dataKey: StoreEncryptionKey.random(), identifier: UUID()))
        let editor = try diary.newEntry()
        editor.text = "Beach day"
        try editor.addMedia(fixtures.map(Fixture.url))
        record = try editor.save()
    }

    /// The SHA-256 of every file in `folder`'s `media/` (or the folder itself), sorted.
    func mediaHashes(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
            SHA256Hasher.hex(of: try Data(contentsOf: folder.appendingPathComponent($0)))
        }.sorted()
    }

    @Test func theBlobFilesAreEncryptedAndNotNamedByTheirHashes() throws {
        #expect(diary.blobStore.isEncrypted)
        for medium in record.media {
            #expect(!medium.fileURL.path.contains(medium.sha256))
            let sealed = try Data(contentsOf: medium.fileURL)
            let plain = try Data(contentsOf: Fixture.url(medium.fileName))
            #expect(sealed.count > plain.count)
            #expect(sealed.range(of: plain.prefix(64)) == nil)
        }
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func aBundleExportHoldsTheOriginalBytesAndImportsElsewhere(format: BundleFormat) throws {
        let out = folder.url.appendingPathComponent("out-\(format)")
        let bundles = try diary.export(ids: [record.id], to: out, format: format)
        let bundle = try #require(bundles.first)
        if format == .directory {
            #expect(
                try mediaHashes(in: bundle.url.appendingPathComponent("media"))
                    == (try fixtures.map(Fixture.sha256).sorted()))
        }
        // A plain diary imports it: every medium's hash is checked on the way.
        let plain = try TestDiary()
        _ = try plain.diary.importBundle(at: bundle.url)
        let entries = try plain.diary.allEntriesOldestFirst()
        #expect(entries.count == 1)
        let expected = try fixtures.map(Fixture.sha256).sorted()
        #expect(entries.first?.media.map(\.sha256).sorted() == expected)
    }

    @Test func theWholeDiaryExportCopiesDecryptedMedia() throws {
        let out = folder.url.appendingPathComponent("whole")
        let summary = try diary.exportDiary(format: .json, to: out, timeZone: testTimeZone)
        #expect(summary.mediaFileCount == 3)
        #expect(try mediaHashes(in: out.appendingPathComponent("media")) == (try fixtures.map(Fixture.sha256).sorted()))
    }

    @Test func theCheckVerifiesEveryBlobAndNamesEachDamagedOne() throws {
        let healthy = try diary.check()
        #expect(healthy.isHealthy)
        #expect(healthy.verifiedBlobCount == 3)
        // A flipped bit in the photo, the recording swapped in for the JPEG.
        let (png, jpeg, wav) = (record.media[0], record.media[1], record.media[2])
        for medium in [png, jpeg] {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: medium.fileURL.path)
        }
        var bytes = try Data(contentsOf: png.fileURL)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: png.fileURL)
        try Data(contentsOf: wav.fileURL).write(to: jpeg.fileURL)

        let report = try diary.check(repair: true)
        #expect(
            report.blobProblems == [
                CheckReport.BlobProblem(
                    entryID: record.id, mediumIndex: 1, sha256: png.sha256, kind: .corrupt,
                    byteCount: png.byteCount, fileName: "png-rgb-8.png"),
                CheckReport.BlobProblem(
                    entryID: record.id, mediumIndex: 2, sha256: jpeg.sha256, kind: .corrupt,
                    byteCount: jpeg.byteCount, fileName: "jpeg-baseline.jpg")
            ])
        #expect(report.removed.isEmpty)
        // An export of the entry fails naming the damaged medium's file, exit family "bad data".
        #expect {
            _ = try diary.export(ids: [record.id], to: folder.url.appendingPathComponent("out"))
        } throws: { error in
            guard let error = error as? DiaryError, case .bundle(.sourceMismatch(let url, let problem)) = error else {
                return false
            }
            return url == png.fileURL && problem.contains("damaged") && error.category == .dataError
        }
    }

    @Test func unreferencedEncryptedBlobsAreFoundAndRepaired() throws {
        let orphan = try diary.blobStore.commit(try diary.blobStore.stage(data: Data(repeating: 7, count: 10_000)))
        let report = try diary.check(repair: true, staleAfter: 0)
        #expect(report.isHealthy)
        #expect(report.removed == [diary.blobStore.fileName(forSHA256: orphan.sha256)])
        #expect(!diary.blobStore.contains(sha256: orphan.sha256))
        #expect(try diary.check().verifiedBlobCount == 3)
    }
}
