import Foundation
import TestSupport
import Testing

@testable import DiaryKit

/// A photo's camera facts in the diary: kept on attach, migrated into older stores, carried
/// through bundles, and shown on the exported page.
@Suite struct CameraFactsTests {
    /// 2008-07-14T00:15:30.250Z, `exif-tokyo.jpg`'s capture instant.
    static let tokyoInstant = Date(timeIntervalSince1970: 1_215_994_530.25)

    func expectTokyo(_ photo: PhotoFacts) {
        #expect(photo.captureTime == Self.tokyoInstant)
        #expect(photo.captureUTCOffset == 9 * 3600)
        #expect(abs((photo.latitude ?? 0) - 35.658581) < 1e-5)
        #expect(abs((photo.longitude ?? 0) - 139.745433) < 1e-5)
        #expect(abs((photo.altitude ?? 0) - 40.5) < 1e-6)
        #expect(photo.camera == "Canon EOS 5D")
        #expect(photo.lens == "EF24-105mm f/4L IS USM")
    }

    @Test func attachingAPhotoKeepsWhatItsCameraRecorded() throws {
        let store = try TestDiary()
        let saved = try store.add { try $0.addMedia([Fixture.url("exif-tokyo.jpg")]) }
        expectTokyo(saved.media[0].photo)
        // Read back from the store, not from the editor.
        let reopened = try Diary(directory: store.directory, access: .updating)
        expectTokyo(try reopened.entry(id: saved.id).media[0].photo)
    }

    @Test func editAddsPhotosWithTheirFactsAndPhotosWithoutExifHaveNone() throws {
        let store = try TestDiary()
        let saved = try store.add { try $0.addMedia([Fixture.url("jpeg-baseline.jpg")]) }
        let editor = try store.diary.editEntry(id: saved.id)
        try editor.addMedia([Fixture.url("heic-camera.heic")])
        let edited = try editor.save()
        #expect(edited.media[0].photo.isEmpty)
        let heic = edited.media[1].photo
        #expect(heic.captureUTCOffset == 3600 && heic.camera == "Apple iPhone 12 mini")
        #expect(heic.captureTime == Date(timeIntervalSince1970: 1_692_466_927.123))
        #expect(edited.media[1].orientation == 6)
    }

    @Test func brokenExifDoesNotStopThePhoto() throws {
        let store = try TestDiary()
        let saved = try store.add {
            try $0.addMedia([Fixture.url("exif-broken.jpg"), Fixture.url("exif-looping-ifd.jpg")])
        }
        #expect(saved.media.count == 2)
        #expect(saved.media[0].photo.isEmpty)
        #expect(saved.media[1].orientation == 6)
        #expect(saved.media[1].photo.captureTime != nil)
    }

    @Test func theEarliestCaptureTimeIsByInstantAcrossZones() throws {
        let store = try TestDiary()
        let editor = try store.diary.newEntry()
        #expect(editor.earliestCaptureTime == nil && !editor.isPhotosOnly)
        try editor.addMedia([
            Fixture.url("exif-new-york.jpg"), Fixture.url("exif-tokyo.jpg"), Fixture.url("audio-tone.wav")
        ])
        #expect(editor.earliestCaptureTime == Self.tokyoInstant)
        #expect(editor.isPhotosOnly)
        editor.text = "  \n"
        #expect(editor.isPhotosOnly)
        editor.text = "Words"
        #expect(!editor.isPhotosOnly)
    }

    @Test func aStoreMadeBeforeTheCameraFactsOpensMigratesAndTakesThem() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let copy = folder.url.appendingPathComponent("store")
        try FileManager.default.copyItem(
            at: Fixture.folder.appendingPathComponent("stores/before-camera-facts"), to: copy)
        let diary = try Diary(directory: copy, access: .updating)
        let old = try diary.entry(id: 1)
        #expect(old.text == "Before the camera facts")
        #expect(old.media.count == 1 && old.media[0].width == 48 && old.media[0].orientation == 6)
        #expect(old.media[0].photo.isEmpty)
        let editor = try diary.editEntry(id: 1)
        try editor.addMedia([Fixture.url("exif-tokyo.jpg")])
        let edited = try editor.save()
        expectTokyo(edited.media[1].photo)
        let again = try Diary(directory: copy, access: .updating)
        expectTokyo(try again.entry(id: 1).media[1].photo)
        #expect(try again.check().isHealthy)
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func factsGoThroughABundleAndIntoTheManifest(format: BundleFormat) throws {
        let source = try TestDiary()
        let original = try source.add {
            try $0.addMedia([Fixture.url("exif-tokyo.jpg"), Fixture.url("exif-no-offset.jpg")])
        }
        let bundles = try source.diary.export(
            ids: [original.id], to: try source.folder.folder("out"), format: format,
            timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let target = try TestDiary()
        guard case .imported(let copy) = try target.diary.importBundle(at: bundles[0].url) else {
            Issue.record("expected an import")
            return
        }
        expectTokyo(copy.media[0].photo)
        #expect(copy.media.map(\.photo) == original.media.map(\.photo))
        if format == .directory {
            let manifest = try String(contentsOf: bundles[0].url.appendingPathComponent("entry.json"), encoding: .utf8)
            #expect(manifest.contains("\"captureTime\": \"2008-07-14T09:15:30.250+09:00\""))
            #expect(manifest.contains("\"captureUTCOffset\": 32400"))
            #expect(manifest.contains("\"camera\": \"Canon EOS 5D\""))
            #expect(manifest.contains("\"latitude\": 35.6585"))
            // Without the camera's offset: no captureUTCOffset, the time in the writer's zone.
            let second = try #require(manifest.range(of: "exif-no-offset.jpg"))
            #expect(!manifest[second.lowerBound...].contains("captureUTCOffset"))
        }
    }

    @Test func thePageShowsWhenWhereAndWithWhatAndLinksThePlaceToOpenStreetMap() throws {
        let store = try TestDiary()
        let saved = try store.add {
            try $0.addMedia([Fixture.url("exif-new-york.jpg"), Fixture.url("exif-hostile-camera.jpg")])
        }
        let bundle = try store.diary.export(ids: [saved.id], to: try store.folder.folder("out"))[0].url
        let html = try String(contentsOf: bundle.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            html.contains(
                "href=\"https://www.openstreetmap.org/?mlat=40.748440&amp;mlon=-73.985664#map=16/40.748440/-73.985664\""
            ))
        #expect(html.contains(">40.748440, -73.985664, -2.0 m</a>"))
        #expect(html.contains("datetime=\"2008-07-13T20:45:00.000-04:00\""))
        #expect(html.contains("Apple iPhone 15 Pro"))
        #expect(html.contains("iPhone 15 Pro back camera 6.765mm f/1.78"))
        #expect(!html.contains("\u{1B}"))
    }

    @Test func hostileManifestFactsAreRefusedWithTheirName() throws {
        let manifest = """
            {"index": 1, "kind": "image", "mimeType": "image/jpeg", "fileName": "a.jpg", "path": "media/a.jpg",
             "byteCount": 1, "sha256": "\(String(repeating: "a", count: 64))", "latitude": 91}
            """
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EntryManifest.Medium.self, from: Data(manifest.utf8))
        }
    }
}
