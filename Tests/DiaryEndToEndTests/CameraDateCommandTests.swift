import Foundation
import TestSupport
import Testing

/// Photos dated and placed by their cameras, through the built `diary`.
@Suite struct CameraDateCommandTests {
    @Test func onPhotoTakesTheEarliestCaptureInstantAcrossZones() throws {
        let store = try TestStore()
        // New York 20:45 -04:00 is later than Tokyo 09:15 +09:00 the next day by the clock.
        let entry = try store.create([
            "--text", "Two cities", "--on", "photo",
            "--image", Fixture.path("exif-new-york.jpg"), "--image", Fixture.path("exif-tokyo.jpg")
        ])
        #expect(entry["creationTime"] as? String == "2008-07-14T02:15:30.250+02:00")  // shown in TZ=Europe/Berlin
    }

    @Test func photosWithoutTextAreDatedByTheCameraAndWithTextNow() throws {
        let store = try TestStore()
        let photoOnly = try store.create(["--image", Fixture.path("exif-new-york.jpg")])
        #expect(photoOnly["creationTime"] as? String == "2008-07-14T02:45:00.000+02:00")
        let withText = try store.create(["--text", "Words", "--image", Fixture.path("exif-new-york.jpg")])
        #expect((withText["creationTime"] as? String)?.hasPrefix("2008") == false)
        // No capture time: now.
        let plain = try store.create(["--image", Fixture.path("jpeg-baseline.jpg")])
        #expect((plain["creationTime"] as? String)?.hasPrefix("2008") == false)
    }

    @Test func aCaptureTimeWithoutOffsetIsReadInTheUsersZone() throws {
        let store = try TestStore()
        let entry = try store.create(
            ["--on", "photo", "--image", Fixture.path("exif-no-offset.jpg")],
            environment: ["TZ": "Asia/Tokyo"])
        #expect(entry["creationTime"] as? String == "2009-01-02T03:04:05.000+09:00")
        let medium = try #require((entry["media"] as? [[String: Any]])?.first)
        #expect(medium["captureTime"] as? String == "2009-01-02T03:04:05.000+09:00")
        #expect(medium["captureUTCOffset"] == nil)
    }

    @Test func onPhotoWithoutCaptureTimesIsNowWithANote() throws {
        let store = try TestStore()
        let run = try store.succeed([
            "new", "--text", "x", "--on", "photo", "--image", Fixture.path("jpeg-baseline.jpg")
        ])
        #expect(run.stderr.contains("none of the entry's photos records when it was taken"))
        #expect(run.stdout == "Created entry #1\n")
    }

    @Test func jsonCarriesTheCameraFactsAndShowPrintsThem() throws {
        let store = try TestStore()
        let created = try store.create(["--text", "x", "--image", Fixture.path("heic-camera.heic")])
        let medium = try #require((created["media"] as? [[String: Any]])?.first)
        #expect(medium["captureTime"] as? String == "2023-08-19T18:42:07.123+01:00")
        #expect(medium["captureUTCOffset"] as? Int == 3600)
        #expect(abs((medium["latitude"] as? Double ?? 0) - 38.713909) < 1e-5)
        #expect(abs((medium["longitude"] as? Double ?? 0) + 9.139386) < 1e-5)
        #expect(abs((medium["altitude"] as? Double ?? 0) - 95.2) < 1e-6)
        #expect(medium["camera"] as? String == "Apple iPhone 12 mini")
        #expect(medium["lens"] as? String == "iPhone 12 mini back dual wide camera 4.2mm f/1.6")
        let text = try store.succeed(["show", "1"], environment: ["NO_COLOR": "1"]).stdout
        #expect(text.contains("Taken:   Saturday, 19 August 2023 18:42 (UTC+01:00)"), "\(text)")
        #expect(text.contains("Place:   38.713909, -9.139386, 95.2 m"))
        #expect(text.contains("Camera:  Apple iPhone 12 mini"))
    }

    @Test func aCaptureTimeWithoutOffsetTakesItFromTheGPSTimeAndSaysSoThroughExportAndImport() throws {
        // An iPhone 7 photo (exiftool's test images): 18:18:05.813 on its clock, 17:17:58.65 UTC by GPS.
        let store = try TestStore()
        let created = try store.create(
            ["--on", "photo", "--image", Fixture.path("real/exiftool-gps-time-Apple.jpg")],
            environment: ["TZ": "Asia/Tokyo"])
        let medium = try #require((created["media"] as? [[String: Any]])?.first)
        #expect(medium["captureTime"] as? String == "2016-09-28T18:18:05.813+01:00")
        #expect(medium["captureUTCOffset"] as? Int == 3600)
        #expect(medium["captureUTCOffsetSource"] as? String == "gps")
        let text = try store.succeed(["show", "1"], environment: ["NO_COLOR": "1"]).stdout
        #expect(text.contains("Taken:   Wednesday, 28 September 2016 18:18 (UTC+01:00, from the GPS time)"), "\(text)")
        let out = try TemporaryDirectory()
        try store.succeed(["export", "1", "--output", out.url.path])
        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: out.url.path).first)
        let other = try TestStore()
        try other.succeed(["import", out.url.appendingPathComponent(bundle).path])
        let imported = try other.succeed(["show", "1"], environment: ["NO_COLOR": "1"]).stdout
        #expect(imported.contains("(UTC+01:00, from the GPS time)"), "\(imported)")
    }

    @Test func aCameraNameNeverReachesTheTerminalAsControlSequences() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--image", Fixture.path("exif-hostile-camera.jpg")])
        let shown = try runDiaryInTerminal(["show", "1"], store: store.url)
        #expect(shown.stdout.contains("Evil\\u{1B}]0;owned\\u{7}\\u{1B}[2J Cam"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("\u{1B}]0;"))
        #expect(!shown.stdout.contains("\u{1B}[2J"))
    }

    @Test func newOnPhotoWithoutAPhotoIsRefusedAndSavesNothing() throws {
        let store = try TestStore()
        try store.create(["--text", "First"])
        let snapshot = try store.snapshot()
        for arguments in [
            ["new", "--text", "x", "--on", "photo"],
            ["new", "--text", "x", "--on", "photo", "--audio", Fixture.path("audio-tone.wav")]
        ] {
            let run = try store.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run)")
            #expect(
                run.stderr == "diary: --on photo dates the entry by its earliest photo, and it has none; "
                    + "attach one with --image, or give a date with --on\n", "\(arguments): \(run)")
        }
        #expect(try store.snapshot() == snapshot)
    }

    @Test func editOnPhotoDatesTheEntryByItsEarliestPhoto() throws {
        let store = try TestStore()
        try store.create([
            "--text", "Two cities", "--on", "2026-11-01 10:00",
            "--image", Fixture.path("exif-new-york.jpg"), "--image", Fixture.path("exif-tokyo.jpg")
        ])
        let run = try store.succeed(["edit", "1", "--on", "photo", "--json"])
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(entry["creationTime"] as? String == "2008-07-14T02:15:30.250+02:00", "\(run)")
        // A photo added in the same edit counts.
        try store.create(["--text", "Later", "--on", "2026-11-02 10:00"])
        let added = try store.succeed([
            "edit", "2", "--image", Fixture.path("exif-new-york.jpg"), "--on", "photo", "--json"
        ])
        #expect(added.stdout.contains("\"creationTime\": \"2008-07-14T02:45:00.000+02:00\""), "\(added)")
    }

    @Test func editOnPhotoOfAnEntryWithNothingToDateItByIsRefused() throws {
        let store = try TestStore()
        try store.create(["--text", "No photos", "--on", "2026-11-01 10:00"])
        try store.create([
            "--text", "Undated photo", "--on", "2026-11-01 11:00", "--image", Fixture.path("jpeg-baseline.jpg")
        ])
        let snapshot = try store.snapshot()
        let none = try store.run(["edit", "1", "--on", "photo"])
        #expect(none.status == 64, "\(none)")
        #expect(
            none.stderr == "diary: --on photo dates entry #1 by its earliest photo, and it has none; "
                + "give a date with --on\n", "\(none)")
        let undated = try store.run(["edit", "2", "--on", "photo"])
        #expect(undated.status == 64, "\(undated)")
        #expect(
            undated.stderr == "diary: --on photo dates entry #2 by its earliest photo, and none of its photos "
                + "records when it was taken; give a date with --on\n", "\(undated)")
        #expect(try store.snapshot() == snapshot)
    }

    @Test func helpSaysTheRule() throws {
        let help = try runDiary(["new", "--help"]).stdout
        #expect(help.contains("'photo'"))
        #expect(
            help.replacingOccurrences(of: "\n", with: " ").contains("Without --on, an entry with photos and no text"))
    }
}
