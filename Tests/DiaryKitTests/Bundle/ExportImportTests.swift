import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct ExportImportTests {
    /// An entry with text, tags, a star, a photo and a recording, created at a fixed time.
    private func richEntry(in store: TestDiary) throws -> EntryRecord {
        try store.add { editor in
            editor.text = "Beach day\n\nWaves & <sun>, café."
            editor.isStarred = true
            try editor.addTags(["travel", "Sea"])
            try editor.addMedia([Fixture.url("jpeg-orientation-3.jpg"), Fixture.url("audio-tone.flac")])
            editor.entry.creationTime = Date(timeIntervalSince1970: 1_795_000_000.123)
        }
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func exportThenImportGivesTheSameEntry(format: BundleFormat) throws {
        let source = try TestDiary()
        let original = try richEntry(in: source)
        let out = try source.folder.folder("out")
        let bundles = try source.diary.export(ids: [original.id], to: out, format: format)
        #expect(bundles.count == 1 && bundles[0].entryID == original.id)
        #expect(FileManager.default.fileExists(atPath: bundles[0].url.path))

        let target = try TestDiary()
        let outcome = try target.diary.importBundle(at: bundles[0].url)
        guard case .imported(let copy) = outcome else {
            Issue.record("expected an import, got \(outcome)")
            return
        }
        #expect(copy.uuid == original.uuid)
        #expect(copy.text == original.text)
        #expect(copy.tags == original.tags)
        #expect(copy.starred)
        #expect(abs(copy.creationTime.timeIntervalSince(original.creationTime)) < 0.001)
        #expect(abs(copy.updateTime.timeIntervalSince(original.updateTime)) < 0.001)
        #expect(copy.media.map(\.sha256) == original.media.map(\.sha256))
        #expect(copy.media.map(\.fileName) == original.media.map(\.fileName))
        #expect(copy.media.map(\.width) == original.media.map(\.width))
        #expect(copy.media.map(\.duration) == original.media.map(\.duration))
        #expect(try target.blobFiles() == Set(original.media.map(\.sha256)))
        // The copy is a normal entry of the new diary: it lists and reads back.
        #expect(try target.diary.entry(id: copy.id) == copy)
    }

    @Test func anEntryKeepsTheTimeZoneItWasWrittenInThroughABundle() throws {
        let source = try TestDiary()
        var snapshot = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_795_000_000),
            updateTime: Date(timeIntervalSince1970: 1_795_000_000), text: "Tokyo evening")
        snapshot.timeZone = "Asia/Tokyo"
        let ids = try source.diary.insertEntries([snapshot])
        let bundles = try source.diary.export(ids: ids, to: try source.folder.folder("out"), format: .directory)
        let target = try TestDiary()
        guard case .imported(let copy) = try target.diary.importBundle(at: bundles[0].url) else {
            Issue.record("expected an import")
            return
        }
        #expect(copy.timeZone == "Asia/Tokyo")
    }

    @Test func importingTwiceAddsNothing() throws {
        let source = try TestDiary()
        let original = try richEntry(in: source)
        let bundle = try source.diary.export(ids: [original.id], to: source.folder.folder("out"))[0].url
        let target = try TestDiary()
        guard case .imported(let copy) = try target.diary.importBundle(at: bundle) else {
            Issue.record("the first import should add the entry")
            return
        }
        #expect(try target.diary.importBundle(at: bundle) == .skipped(uuid: original.uuid, existingID: copy.id))
        #expect(try target.diary.entryCount() == 1)
        // Importing into the diary it came from is skipped as well.
        #expect(try source.diary.importBundle(at: bundle) == .skipped(uuid: original.uuid, existingID: original.id))
        #expect(try source.diary.entryCount() == 1)
    }

    @Test func severalIDsOrADateRangeGiveOneBundleEach() throws {
        let store = try TestDiary()
        let utc = try zone("UTC")
        let a = try store.add("first", at: try localTime(2026, 11, 1, 9, in: utc))
        let b = try store.add("second", at: try localTime(2026, 11, 2, 9, in: utc))
        _ = try store.add("third", at: try localTime(2026, 12, 2, 9, in: utc))
        let byID = try store.diary.export(ids: [a.id, b.id], to: store.folder.folder("ids"), timeZone: utc)
        #expect(byID.map(\.entryID) == [a.id, b.id])
        #expect(Set(byID.map(\.url.lastPathComponent)).count == 2)
        let november = DiaryQuery(
            filter: EntryFilter(period: .month(CalendarMonth(unchecked: 2026, 11))), newestFirst: false, timeZone: utc)
        let byRange = try store.diary.export(november, to: store.folder.folder("range"), format: .zip)
        #expect(byRange.map(\.entryID) == [a.id, b.id])
        #expect(byRange.allSatisfy { $0.url.lastPathComponent.hasSuffix(".diaryentry.zip") })
        #expect(byRange[0].url.lastPathComponent.hasPrefix("2026-11-01"))
    }

    @Test func anUnknownIDExportsNothing() throws {
        let store = try TestDiary()
        let entry = try store.add { $0.text = "x" }
        let out = store.folder.url.appendingPathComponent("out")
        #expect(throws: DiaryError.unknownEntry(id: 7)) { try store.diary.export(ids: [entry.id, 7], to: out) }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aTamperedMediumIsRefusedWithItsReason() throws {
        let source = try TestDiary()
        let original = try richEntry(in: source)
        let bundle = try source.diary.export(ids: [original.id], to: source.folder.folder("out"))[0].url
        // Replace the photo by a broken one and fix up the manifest's hash and size, so
        // only the media check can notice.
        let manifestURL = bundle.appendingPathComponent("entry.json")
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        let broken = try Data(contentsOf: Fixture.url("broken-truncated.jpg"))
        let media = try FileManager.default.contentsOfDirectory(atPath: bundle.appendingPathComponent("media").path)
        let photo = try #require(media.first { $0.hasSuffix(".jpg") })
        try broken.write(to: bundle.appendingPathComponent("media").appendingPathComponent(photo))
        manifest = manifest.replacingOccurrences(
            of: original.media[0].sha256, with: ObjectGraph.SHA256Hasher.hex(of: broken))
        manifest = manifest.replacingOccurrences(of: "\(original.media[0].byteCount)", with: "\(broken.count)")
        try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)

        let target = try TestDiary()
        let before = try FolderFingerprint(of: target.directory)
        let error = try #require(throws: DiaryError.self) { try target.diary.importBundle(at: bundle) }
        guard case .bundle(.mediumRejected(_, _, let reason)) = error else {
            Issue.record("expected a rejected medium, got \(error)")
            return
        }
        #expect(reason.contains("truncated"))
        #expect(error.category == .dataError)
        // Compared before any read: a read touches SQLite's shared-memory index (-shm).
        #expect(try FolderFingerprint(of: target.directory) == before)
        #expect(try target.diary.entryCount() == 0)
    }
}
