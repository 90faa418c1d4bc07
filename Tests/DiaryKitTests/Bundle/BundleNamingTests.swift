import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundleNamingTests {
    @Test(arguments: [
        ("Beach day", "beach-day"),
        ("Beach day\nsecond line", "beach-day"),
        ("  Crème brûlée!!  at Ærø ", "creme-brulee-at-aero"),
        ("Straße -- über   alles", "strasse-uber-alles"),
        ("", "entry"),
        ("日本語のテキスト", "entry"),
        ("!!!", "entry"),
        ("A very long first line that goes on and on about the sea", "a-very-long-first-line-that-goes-on-and"),
        ("Supercalifragilisticexpialidociousandmoreletters", "supercalifragilisticexpialidociousandmor")
    ])
    func slugFollowsTheRules(text: String, slug: String) {
        #expect(BundleName.slug(text) == slug)
        #expect(BundleName.slug(text).count <= BundleName.maximumSlugLength)
    }

    @Test func bundleDateIsTheLocalDayOfCreation() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        // 23:30 UTC is already the next day one hour east.
        let entry = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_795_995_000),
            updateTime: Date(timeIntervalSince1970: 1_795_995_000), text: "Late")
        let utc = try BundleWriter(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
            .write(entry, to: try folder.folder("a"))
        let east = try BundleWriter(timeZone: testTimeZone).write(entry, to: try folder.folder("b"))

        #expect(utc.lastPathComponent == "2026-11-29-late.diaryentry")
        #expect(east.lastPathComponent == "2026-11-30-late.diaryentry")
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func nameClashesGetNumberedAndLeaveTheOldBundleAlone(format: BundleFormat) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let output = try folder.folder("out")
        let entry = try TestEntries.beachDay(in: folder)
        let writer = BundleWriter(timeZone: testTimeZone)

        let first = try writer.write(entry, to: output, format: format)
        let before = try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate]
        let second = try writer.write(entry, to: output, format: format)
        let third = try writer.write(entry, to: output, format: format)

        #expect(
            [first, second, third].map(\.lastPathComponent) == [
                "2026-11-29-beach-day" + format.suffix,
                "2026-11-29-beach-day-2" + format.suffix,
                "2026-11-29-beach-day-3" + format.suffix
            ])
        let after = try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate]
        #expect(before as? Date == after as? Date)
        if format == .zip {
            let imported = try BundleReader(temporaryDirectory: try folder.folder("tmp")) { _, _ in }
                .read(third)
            defer { imported.cleanUp() }
            // The zip's inner folder is named like the zip, so two unpack side by side.
            #expect(
                imported.entry.media[0].sourceURL.path
                    .contains("/2026-11-29-beach-day-3.diaryentry/media/"))
        }
    }

    @Test func aFileInTheWayCountsAsAClash() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let output = try folder.folder("out")
        _ = try folder.file("out/2026-11-29-beach-day.diaryentry", Data("not a bundle".utf8))

        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: output)

        #expect(bundle.lastPathComponent == "2026-11-29-beach-day-2.diaryentry")
    }

    @Test func mediaFileNamesAreSafeAndUnique() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let names = [
            "IMG_0042.jpg", "img_0042.JPG", "../../etc/passwd", ".hidden.png",
            "My photo (1).png", "日本.png", "C:\\Users\\me\\rec.wav", "voice"
        ]
        let media = try names.map { name in
            var medium = try TestEntries.medium(.image, named: "x", data: Data([1]), in: folder)
            medium.originalFileName = name
            medium.mimeType =
                name == "voice" || name.hasSuffix(".wav")
                ? "audio/x-wav"
                : name.lowercased().hasSuffix(".jpg") ? "image/jpeg" : "image/png"
            return medium
        }

        let safe = MediaFileName.names(for: media)

        #expect(
            safe == [
                "IMG_0042.jpg", "img_0042-2.JPG", "passwd.png", "hidden.png",
                "My-photo-1.png", "image-6.png", "rec.wav", "voice.wav"
            ])
        #expect(Set(safe.map { $0.lowercased() }).count == safe.count)
        for name in safe {
            #expect(!name.hasPrefix("."))
            #expect(!name.contains("/") && !name.contains("\\"))
        }
    }

    @Test(arguments: [
        ("x.html", "image/jpeg", "x.jpg"), ("IMG_1.JPEG", "image/jpeg", "IMG_1.JPEG"),
        ("song.svg", "audio/flac", "song.flac"), ("page.htm", "application/octet-stream", "page")
    ])
    func aMediumsExtensionComesFromItsContentNotItsName(name: String, mimeType: String, exported: String) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        var medium = try TestEntries.medium(.image, named: "x", data: Data([1]), in: folder)
        medium.originalFileName = name
        medium.mimeType = mimeType

        #expect(MediaFileName.names(for: [medium]) == [exported])
    }

    @Test func aWholeDiaryExportNamesMediaByTheirMIMEType() {
        let medium = MediumRecord(
            index: 1,
            snapshot: MediumSnapshot(
                kind: .image, mimeType: "image/jpeg", originalFileName: "x.html", byteCount: 1,
                sha256: String(repeating: "a", count: 64), sourceURL: URL(fileURLWithPath: "/dev/null")))
        let unknown = MediumRecord(
            index: 2,
            snapshot: MediumSnapshot(
                kind: .audio, mimeType: "application/octet-stream", originalFileName: "x.html", byteCount: 1,
                sha256: String(repeating: "b", count: 64), sourceURL: URL(fileURLWithPath: "/dev/null")))

        #expect(DiaryExporter.mediaPath(of: medium) == "media/" + String(repeating: "a", count: 64) + ".jpg")
        #expect(DiaryExporter.mediaPath(of: unknown) == "media/" + String(repeating: "b", count: 64))
    }
}
