import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite("Exporting whole diaries")
struct InteropExportTests {
    static let photo = "photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg"
    static let png = "photos/e5deb38bae17a19a723379856c1e028a.png"
    static let audio = "audios/505f0706c582b7eef5bd5ec175d15b39.wav"

    /// A Day One export of `count` entries, one every 5 hours, reusing the three fixture media
    /// files (every third entry a photo, every seventh a recording), tags and stars varied.
    private func generatedDayOneExport(count: Int, in folder: TemporaryDirectory) throws -> URL {
        let export = try InteropFixture.dayOneCopy(in: folder)
        let formatter = ISO8601DateFormatter()
        var entries: [String] = []
        for index in 0..<count {
            let created = formatter.string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 18_000))
            var photos: [String] = []
            if index % 3 == 0 { photos.append(#"{"md5": "0cec02f15cc6898a6ba703e0297f79ae", "type": "jpeg"}"#) }
            if index % 11 == 0 { photos.append(#"{"md5": "e5deb38bae17a19a723379856c1e028a", "type": "png"}"#) }
            let audios = index % 7 == 0 ? [#"{"md5": "505f0706c582b7eef5bd5ec175d15b39", "format": "wav"}"#] : []
            let tags = ["t\(index % 4)", index % 9 == 0 ? "Nine" : nil].compactMap { $0 }
            let text =
                index % 13 == 0 && !photos.isEmpty ? "" : "Entry \(index): \\\"quoted\\\" and ünïcödé\\nsecond line"
            let uuid = String(format: "%08X%024X", index, 0xABCDEF)
            // Every fourth entry has a place: named and at a point, or (every eighth) only named.
            let location =
                index % 8 == 0
                ? #""location": {"placeName": "Pier \#(index)", "country": "Germany"}, "#
                : index % 4 == 0
                    ? #""location": {"localityName": "Rostock", "latitude": 54.\#(index), "longitude": -12.5}, "# : ""
            entries.append(
                """
                {"uuid": "\(uuid)", "creationDate": "\(created)", "timeZone": "Europe/Berlin", \(location)"text": \
                "\(text)",
                 "tags": [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))], "starred": \(index % 5 == 0),
                 "photos": [\(photos.joined(separator: ", "))], "audios": [\(audios.joined(separator: ", "))]}
                """)
        }
        let journal = #"{"metadata": {"version": "1.0"}, "entries": ["# + entries.joined(separator: ",\n") + "]}"
        try Data(journal.utf8).write(to: export.appendingPathComponent("Journal.json"))
        return export
    }

    /// What must survive a round trip, without the store-specific id and blob location.
    private func comparable(_ record: EntryRecord) -> String {
        let media = record.media.map { medium in
            "\(medium.index) \(medium.kind) \(medium.mimeType) \(medium.fileName) \(medium.byteCount) \(medium.sha256) "
                + "\(String(describing: medium.width))x\(String(describing: medium.height)) \(String(describing: medium.orientation)) "
                + "\(String(describing: medium.duration)) \(String(describing: medium.sampleRate)) \(String(describing: medium.channels))"
        }
        return "\(record.uuid) \(record.creationTime.timeIntervalSince1970) \(record.updateTime.timeIntervalSince1970) "
            + "\(String(describing: record.timeZone)) \(String(describing: record.text)) \(record.tags) \(record.starred) "
            + "\(String(describing: record.place)) \(media)"
    }

    @Test func jsonExportOfAThousandEntriesWithMediaReimportsEqualEntryByEntry() throws {
        let source = try TestDiary()
        let export = try generatedDayOneExport(count: 995, in: source.folder)
        let imported = try source.diary.importEntries(from: export, format: .dayone, batchSize: 300)
        #expect(imported.imported == 995)
        // Five entries written the ordinary way, one edited later so its times differ.
        for index in 0..<5 {
            let record = try source.add { editor in
                editor.text = "Written by hand \(index)"
                editor.isStarred = index == 2
                try editor.addTags(["Hand"])
                try editor.addMedia([Fixture.url(index % 2 == 0 ? "png-rgb-8.png" : "audio-tone.wav")])
            }
            if index == 4 {
                let editor = try source.diary.editEntry(id: record.id)
                editor.appendText("edited")
                try editor.save()
            }
        }
        let original = try source.diary.allEntriesOldestFirst()
        #expect(original.count == 1000)
        #expect(original.contains { !$0.media.isEmpty })
        #expect(original.count { $0.place != nil } == 249 && original.count { $0.place?.coordinates != nil } == 124)

        let out = source.folder.url.appendingPathComponent("out")
        let written = try source.diary.exportDiary(format: .json, to: out, timeZone: testTimeZone)
        #expect(written.entryCount == 1000)
        #expect(written.mediaFileCount == 3)  // every distinct file once: the jpeg, the png, the wav
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("media").path).count == 3)

        let fresh = try TestDiary()
        let reimported = try fresh.diary.importEntries(from: out, format: .json)
        #expect(reimported.imported == 1000)
        let copy = try fresh.diary.allEntriesOldestFirst()
        #expect(copy.count == original.count)
        let sortedOriginal = original.sorted { $0.uuid.uuidString < $1.uuid.uuidString }.map(comparable)
        let sortedCopy = copy.sorted { $0.uuid.uuidString < $1.uuid.uuidString }.map(comparable)
        let differing = zip(sortedOriginal, sortedCopy).filter { $0 != $1 }
        #expect(
            differing.isEmpty, "\(differing.count) entries differ, the first: \(String(describing: differing.first))")
        #expect(try fresh.blobFiles() == source.blobFiles())
        // Importing the export again changes nothing.
        #expect(try fresh.diary.importEntries(from: out, format: .json).alreadyPresent == 1000)
    }

    @Test func jsonExportUsesTheScriptingShapeWithMediaPaths() throws {
        let store = try TestDiary()
        _ = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        let out = store.folder.url.appendingPathComponent("out")
        _ = try store.diary.exportDiary(format: .json, to: out, timeZone: testTimeZone)
        let data = try Data(contentsOf: out.appendingPathComponent("entries.json"))
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == 3)
        let first = array[0]
        #expect(
            Set(first.keys) == [
                "id", "uuid", "creationTime", "updateTime", "timeZone", "text", "tags", "starred", "place",
                "media"
            ])
        let place = try #require(first["place"] as? [String: Any])
        #expect(place["name"] as? String == "Warnemünde, Germany")
        #expect(place["latitude"] as? Double == 54.1774 && place["longitude"] as? Double == 12.0837)
        #expect(array[1]["place"] == nil)
        #expect(first["creationTime"] as? String == "2026-11-28T09:15:00.000+01:00")
        let media = try #require(first["media"] as? [[String: Any]])
        let sha = try Fixture.sha256("jpeg-baseline.jpg")
        #expect(media.first?["path"] as? String == "media/\(sha).jpg")
        #expect(media.first?["kind"] as? String == "image")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("media/\(sha).jpg").path))
        #expect(array[2]["media"] as? [Any] != nil)
    }

    @Test func markdownExportWritesOneFilePerLocalDayWithRelativeLinks() throws {
        let store = try TestDiary()
        _ = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        let out = store.folder.url.appendingPathComponent("md")
        let zone = TimeZone(identifier: "America/New_York") ?? testTimeZone
        // Read in New York, each entry keeps the day and time of the zone Day One recorded for it.
        let summary = try store.diary.exportDiary(format: .markdown, to: out, timeZone: zone)
        #expect(summary.files == ["2026-11-28.md", "2026-11-29.md", "2026-11-30.md"])
        #expect(summary.mediaFileCount == 3)
        let beach = try String(contentsOf: out.appendingPathComponent("2026-11-28.md"), encoding: .utf8)
        let jpeg = try Fixture.sha256("jpeg-baseline.jpg")
        let png = try Fixture.sha256("png-rgb-8.png")
        #expect(
            beach == """
                # Saturday, 28 November 2026

                ## 09:15 ★

                Beach day. The waves were high!

                Tags: #beach #travel

                Place: [Warnemünde, Germany](https://www.openstreetmap.org/?mlat=54.177400&mlon=12.083700#map=16/54.177400/12.083700)

                ![0cec02f15cc6898a6ba703e0297f79ae.jpeg](media/\(jpeg).jpg)

                ![e5deb38bae17a19a723379856c1e028a.png](media/\(png).png)

                """)
        let walk = try String(contentsOf: out.appendingPathComponent("2026-11-29.md"), encoding: .utf8)
        let wav = try Fixture.sha256("audio-tone.wav")
        #expect(walk.contains("## 14:40\n"))
        #expect(walk.contains("[recording: 505f0706c582b7eef5bd5ec175d15b39.wav](media/\(wav).wav)"))
        for link in ["media/\(jpeg).jpg", "media/\(png).png", "media/\(wav).wav"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(link).path))
        }
    }

    @Test func exportOfADateRangeHoldsOnlyThoseDays() throws {
        let store = try TestDiary()
        _ = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        let out = store.folder.url.appendingPathComponent("range")
        let query = DiaryQuery(
            filter: EntryFilter(
                period: .interval(
                    start: ISO8601DateFormatter().date(from: "2026-11-29T00:00:00Z"), end: nil)), timeZone: TimeZone.gmt
        )
        let summary = try store.diary.exportDiary(query, format: .markdown, to: out, timeZone: TimeZone.gmt)
        #expect(summary.entryCount == 2)
        #expect(summary.files == ["2026-11-29.md", "2026-11-30.md"])
        #expect(summary.mediaFileCount == 1)
    }

    @Test func exportRefusesAFolderThatIsNotEmpty() throws {
        let store = try TestDiary()
        let out = try store.folder.folder("busy")
        _ = try store.folder.file("busy/keep.txt", Data("mine".utf8))
        let error = #expect(throws: DiaryError.self) { try store.diary.exportDiary(format: .json, to: out) }
        #expect(error?.interopError?.description.contains("not empty") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["keep.txt"])
    }

    @Test func emptyDiaryExportsAnEmptyArrayThatImportsToNothing() throws {
        let store = try TestDiary()
        let out = store.folder.url.appendingPathComponent("empty")
        #expect(try store.diary.exportDiary(format: .json, to: out).entryCount == 0)
        #expect(try String(contentsOf: out.appendingPathComponent("entries.json"), encoding: .utf8) == "[]\n")
        #expect(try store.diary.importEntries(from: out, format: .json) == BulkImportSummary())
    }

    /// A place edited out of range in `entries.json` leaves its entry without it, counted, as a
    /// Day One location does; the other entries keep theirs.
    @Test func anUnreadablePlaceInAJSONExportIsCountedAndTheEntryImported() throws {
        let store = try TestDiary()
        let json = try store.folder.file(
            "edited/entries.json",
            Data(
                #"""
                [{"uuid": "5c0d2e6a-9b1f-4e27-8a53-1f2e3d4c5b01", "creationTime": "2026-11-29T14:30:00.000+01:00",
                  "updateTime": "2026-11-29T14:30:00.000+01:00", "text": "Kept", "tags": [], "starred": false,
                  "place": {"name": "Harbour", "latitude": null, "longitude": null}, "media": []},
                 {"uuid": "5c0d2e6a-9b1f-4e27-8a53-1f2e3d4c5b02", "creationTime": "2026-11-29T15:30:00.000+01:00",
                  "updateTime": "2026-11-29T15:30:00.000+01:00", "text": "Edited", "tags": [], "starred": false,
                  "place": {"name": "Harbour", "latitude": 540.1, "longitude": 12}, "media": []}]
                """#.utf8))
        let summary = try store.diary.importEntries(from: json, format: .json)
        var expected = BulkImportSummary(imported: 2)
        expected.leftOut.unreadablePlaces = 1
        #expect(summary == expected)
        #expect(try store.diary.allEntriesOldestFirst().map(\.place?.name) == ["Harbour", nil])
    }

    @Test func tamperedMediaFileInAJSONExportIsRejected() throws {
        let store = try TestDiary()
        _ = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        let out = store.folder.url.appendingPathComponent("out")
        _ = try store.diary.exportDiary(format: .json, to: out)
        let png = out.appendingPathComponent("media/\(try Fixture.sha256("png-rgb-8.png")).png")
        try FileManager.default.removeItem(at: png)
        try FileManager.default.copyItem(at: Fixture.url("png-gray-8.png"), to: png)
        let fresh = try TestDiary()
        let error = #expect(throws: DiaryError.self) { try fresh.diary.importEntries(from: out, format: .json) }
        guard case .mediumRejected(_, 1, _, let reason)? = error?.interopError else {
            Issue.record("expected the tampered file rejected, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("SHA-256"))
        #expect(try fresh.diary.entryCount() == 0)
    }

    @Test(arguments: [DiaryExportFormat.json, .markdown])
    func aFailedExportLeavesNoFolderThatLooksComplete(format: DiaryExportFormat) throws {
        let store = try TestDiary()
        _ = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        let blob = try #require(try store.blobFiles().first)
        let blobFile = try #require(
            FileManager.default.subpaths(atPath: store.diary.blobDirectory.path)?
                .first { $0.hasSuffix(blob) })
        try FileManager.default.removeItem(at: store.diary.blobDirectory.appendingPathComponent(blobFile))
        let parent = try store.folder.folder("exports")
        let out = parent.appendingPathComponent("out")

        #expect(throws: DiaryError.self) { try store.diary.exportDiary(format: format, to: out) }

        #expect(store.folder.listing(parent).isEmpty)
    }

    @Test func theLeftoversOfAKilledExportAreSweptByTheNextOne() throws {
        let store = try TestDiary()
        _ = try store.diary.importEntries(from: InteropFixture.url("dayone"), format: .dayone)
        let parent = try store.folder.folder("exports")
        // A process id that is not running: the kernel's pid_max is below 2^22.
        _ = try store.folder.file("exports/.out.partial-4194304-\(UUID().uuidString)/entries.json", Data("[".utf8))
        let out = parent.appendingPathComponent("out")

        _ = try store.diary.exportDiary(format: .json, to: out)

        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["out"])
    }
}
