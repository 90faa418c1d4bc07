import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite("Importing Day One exports")
struct InteropDayOneTests {
    @Test func folderExportBringsTextTimesTagsStarAndMedia() throws {
        let store = try TestDiary()
        let summary = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        // The beach entry's place is kept, not left out.
        #expect(summary == BulkImportSummary(imported: 3, mediaCount: 3))
        let entries = try store.diary.allEntriesOldestFirst()
        try #require(entries.count == 3)
        let beach = entries[0]
        #expect(beach.uuid == UUID(uuidString: "1546F373-6126-4E12-9200-B2CA6A885855"))
        #expect(beach.text == "Beach day. The waves were high!")
        #expect(beach.tags == ["beach", "travel"])
        #expect(beach.starred)
        #expect(beach.timeZone == "Europe/Berlin")
        #expect(beach.creationTime == ISO8601DateFormatter().date(from: "2026-11-28T08:15:00Z"))
        #expect(beach.updateTime == ISO8601DateFormatter().date(from: "2026-11-28T09:02:30Z"))
        #expect(beach.place?.name == "Warnemünde, Germany")
        #expect(beach.place?.coordinates == Coordinates(latitude: 54.1774, longitude: 12.0837))
        // Media in orderInEntry order, checked and described by MediaKit, bytes in the blob store.
        #expect(beach.media.map(\.kind) == [.image, .image])
        #expect(
            beach.media.map(\.sha256) == [try Fixture.sha256("jpeg-baseline.jpg"), try Fixture.sha256("png-rgb-8.png")])
        #expect(beach.media.map(\.mimeType) == ["image/jpeg", "image/png"])
        #expect(beach.media.map(\.width) == [64, 32])
        #expect(beach.media.allSatisfy { FileManager.default.fileExists(atPath: $0.fileURL.path) })

        let walk = entries[1]
        #expect(walk.text == "Voice note from the walk home.")
        #expect(walk.media.map(\.kind) == [.audio])
        #expect(walk.media.first?.sha256 == (try Fixture.sha256("audio-tone.wav")))
        #expect((walk.media.first?.duration ?? 0) > 0)
        #expect(!walk.starred)
        #expect(walk.timeZone == "America/New_York")

        #expect(entries[2].text == "Just words this morning (no photo).")
        #expect(entries[2].media.isEmpty && entries[2].tags.isEmpty)
        #expect(entries[1].place == nil && entries[2].place == nil)
    }

    @Test func zippedExportImportsTheSameAndRerunsSkip() throws {
        let store = try TestDiary()
        let folder = InteropFixture.url("dayone")
        var members: [TestZip.Member] = []
        for path in [
            "Journal.json", "photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg",
            "photos/e5deb38bae17a19a723379856c1e028a.png", "audios/505f0706c582b7eef5bd5ec175d15b39.wav"
        ] {
            members.append(
                TestZip.Member(
                    name: "Export/" + path,
                    contents: try Data(contentsOf: folder.appendingPathComponent(path))))
        }
        let zip = try store.folder.file("export.zip", TestZip.make(members))
        #expect(try store.diary.importEntries(from: zip, format: .dayone).imported == 3)
        #expect(try store.diary.importEntries(from: zip, format: .dayone).alreadyPresent == 3)
        #expect(try store.diary.entryCount() == 3)
    }

    @Test func aZippedExportUnpacksOnlyTheJournalAndTheMediaItsEntriesName() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let export = InteropFixture.url("dayone")
        var members: [TestZip.Member] = []
        for path in [
            "Journal.json", "photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg",
            "photos/e5deb38bae17a19a723379856c1e028a.png", "audios/505f0706c582b7eef5bd5ec175d15b39.wav"
        ] {
            members.append(
                .init(name: "Export/" + path, contents: try Data(contentsOf: export.appendingPathComponent(path))))
        }
        members.append(
            .init(name: "Export/photos/ffffffffffffffffffffffffffffffff.jpeg", contents: Data(count: 100_000)))
        members.append(.init(name: "Export/notes/filler.bin", contents: Data(count: 100_000)))
        let zip = try folder.file("export.zip", TestZip.make(members))

        let reader = try DayOneReader(at: zip, temporaryDirectory: try folder.folder("tmp"))

        let unpacked = try #require(reader.extractionFolder)
        #expect(
            folder.listing(unpacked).filter { !$0.hasSuffix("/photos") && !$0.hasSuffix("/audios") && $0 != "Export" }
                == [
                    "Export/Journal.json", "Export/audios/505f0706c582b7eef5bd5ec175d15b39.wav",
                    "Export/photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg",
                    "Export/photos/e5deb38bae17a19a723379856c1e028a.png"
                ])
    }

    @Test func zipMemberLeavingTheExportIsRefused() throws {
        let store = try TestDiary()
        let zip = try store.folder.file(
            "evil.zip",
            TestZip.make([
                TestZip.Member(name: "Journal.json", contents: Data(#"{"entries": []}"#.utf8)),
                TestZip.Member(name: "../escaped.txt", contents: Data("x".utf8))
            ]))
        let error = #expect(throws: DiaryError.self) { try store.diary.importEntries(from: zip, format: .dayone) }
        guard case .archive(.unsafeArchiveEntry)? = error?.interopError else {
            Issue.record("expected an unsafe archive entry, got \(String(describing: error))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: store.folder.url.appendingPathComponent("escaped.txt").path))
    }

    @Test func missingPhotoNamesEntryAndPathAndImportsNothing() throws {
        let store = try TestDiary()
        let copy = try InteropFixture.dayOneCopy(in: store.folder)
        try FileManager.default.removeItem(
            at: copy.appendingPathComponent("photos/e5deb38bae17a19a723379856c1e028a.png"))
        let error = #expect(throws: DiaryError.self) { try store.diary.importEntries(from: copy, format: .dayone) }
        #expect(
            error?.interopError
                == .missingMedium(
                    file: copy.appendingPathComponent("Journal.json"), entry: 1,
                    path: "photos/e5deb38bae17a19a723379856c1e028a.png"))
        #expect(try store.diary.entryCount() == 0)
    }

    @Test func corruptPhotoIsRejectedLikeAnyMediumAndLeavesNoEntry() throws {
        let store = try TestDiary()
        let copy = try InteropFixture.dayOneCopy(in: store.folder)
        let photo = copy.appendingPathComponent("photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg")
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.copyItem(at: Fixture.url("broken-truncated.jpg"), to: photo)
        let error = #expect(throws: DiaryError.self) { try store.diary.importEntries(from: copy, format: .dayone) }
        guard case .mediumRejected(_, 1, "photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg", _)? = error?.interopError
        else {
            Issue.record("expected entry 1's photo rejected, got \(String(describing: error))")
            return
        }
        #expect(error?.category == .dataError)
        #expect(try store.diary.entryCount() == 0)
        #expect(try store.blobFiles().isEmpty)
    }

    @Test func photoGivenAsARecordingIsRejected() throws {
        let store = try TestDiary()
        let copy = try InteropFixture.dayOneCopy(in: store.folder)
        let audio = copy.appendingPathComponent("audios/505f0706c582b7eef5bd5ec175d15b39.wav")
        try FileManager.default.removeItem(at: audio)
        try FileManager.default.copyItem(at: Fixture.url("jpeg-baseline.jpg"), to: audio)
        let error = #expect(throws: DiaryError.self) { try store.diary.importEntries(from: copy, format: .dayone) }
        guard case .mediumRejected(_, 2, _, _)? = error?.interopError else {
            Issue.record("expected entry 2's recording rejected, got \(String(describing: error))")
            return
        }
    }

    @Test func symbolicLinkInsteadOfAPhotoIsRefused() throws {
        let store = try TestDiary()
        let copy = try InteropFixture.dayOneCopy(in: store.folder)
        let photo = copy.appendingPathComponent("photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg")
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createSymbolicLink(at: photo, withDestinationURL: Fixture.url("jpeg-baseline.jpg"))
        let error = #expect(throws: DiaryError.self) { try store.diary.importEntries(from: copy, format: .dayone) }
        guard case .mediumRejected(_, 1, _, let reason)? = error?.interopError else {
            Issue.record("expected the link refused, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("link"))
    }

    @Test func aLinkedPhotosFolderIsRefused() throws {
        let store = try TestDiary()
        let copy = try InteropFixture.dayOneCopy(in: store.folder)
        let elsewhere = store.folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: copy.appendingPathComponent("photos"), to: elsewhere)
        try FileManager.default.createSymbolicLink(
            at: copy.appendingPathComponent("photos"), withDestinationURL: elsewhere)

        let error = #expect(throws: DiaryError.self) { try store.diary.importEntries(from: copy, format: .dayone) }

        guard case .mediumRejected(_, _, let path, let reason)? = error?.interopError else {
            Issue.record("expected the linked folder refused, got \(String(describing: error))")
            return
        }
        #expect(path.hasPrefix("photos/"))
        #expect(reason.contains("link"))
        #expect(try store.diary.entryCount() == 0)
    }

    @Test func markdownEscapesAndMomentLinksBecomePlainText() {
        let text = DayOneReader.plainText(
            "![](dayone-moment://ABC)\n\n\n\nHello\\, world\\! C:\\\\path \\q\n![](dayone-moment:/audio/X)")
        #expect(text == "Hello, world! C:\\path \\q")
    }
}
