import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundleRoundTripTests {
    @Test(arguments: [BundleFormat.directory, .zip])
    func writtenBundleReadsBackAsTheSameEntry(format: BundleFormat) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        var entry = try TestEntries.beachDay(in: folder)
        entry.timeZone = "Asia/Tokyo"  // kept as written, even where this machine's zone is another
        let output = try folder.folder("out")

        let bundle = try BundleWriter(timeZone: testTimeZone).write(entry, to: output, format: format)
        let validated = Mutex<[String]>([])
        let reader = BundleReader(temporaryDirectory: try folder.folder("tmp")) { url, medium in
            validated.withLock { $0.append("\(medium.originalFileName)@\(url.lastPathComponent)") }
        }
        let imported = try reader.read(bundle)
        defer { imported.cleanUp() }

        #expect(bundle.lastPathComponent == "2026-11-29-beach-day" + format.suffix)
        #expect(TestEntries.withoutSources(imported.entry) == TestEntries.withoutSources(entry))
        for (original, copy) in zip(entry.media, imported.entry.media) {
            #expect(try Data(contentsOf: copy.sourceURL) == Data(contentsOf: original.sourceURL))
        }
        #expect(validated.withLock { $0 } == ["beach.png@beach.png", "waves.wav@waves.wav"])
        #expect((imported.extractionFolder != nil) == (format == .zip))
    }

    @Test func directoryBundleHoldsManifestMediaAndPage() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))

        #expect(
            folder.listing(bundle) == [
                "entry.json", "index.html", "media",
                "media/beach.png", "media/waves.wav"
            ])
        #expect(folder.listing(bundle.deletingLastPathComponent()).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func manifestIsPrettyPrintedInTheDocumentedKeyOrder() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        var entry = try TestEntries.beachDay(in: folder)
        entry.timeZone = "Europe/Berlin"
        let bundle = try BundleWriter(timeZone: testTimeZone).write(entry, to: try folder.folder("out"))
        let text = try String(contentsOf: bundle.appendingPathComponent("entry.json"), encoding: .utf8)

        let topKeys = [
            "\"format\"", "\"formatVersion\"", "\"uuid\"", "\"creationTime\"",
            "\"updateTime\"", "\"timeZone\"", "\"text\"", "\"tags\"", "\"starred\"", "\"media\""
        ]
        let positions = topKeys.compactMap { text.range(of: "\n  " + $0)?.lowerBound }
        #expect(positions.count == topKeys.count)
        #expect(positions == positions.sorted())
        #expect(text.contains("\"format\": \"photodiary-entry\""))
        #expect(text.contains("\"creationTime\": \"2026-11-29T14:50:05.250+01:00\""))
        #expect(text.contains("\"path\": \"media/waves.wav\""))
        #expect(text.contains("\"duration\": 0.25"))
        #expect(!text.contains("\"width\": null"))
    }

    @Test func utcTimesAreWrittenWithAnExplicitOffset() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try BundleWriter(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
        let text = try String(contentsOf: bundle.appendingPathComponent("entry.json"), encoding: .utf8)

        #expect(text.contains("\"creationTime\": \"2026-11-29T13:50:05.250+00:00\""))
        #expect(
            try acceptingReader.read(bundle).entry.creationTime
                == Date(timeIntervalSince1970: 1_795_960_205.25))
    }

    @Test func zipUnpacksIntoAFolderThatCleanUpRemoves() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let temporary = try folder.folder("tmp")
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"), format: .zip)
        let reader = BundleReader(temporaryDirectory: temporary) { _, _ in }

        let imported = try reader.read(bundle)
        #expect(folder.listing(temporary).count > 0)
        imported.cleanUp()
        #expect(folder.listing(temporary).isEmpty)
    }

    @Test func aZipIsUnpackedIntoAPrivateFolderOfPrivateFiles() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let temporary = try folder.folder("tmp")
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"), format: .zip)
        let imported = try BundleReader(temporaryDirectory: temporary) { _, _ in }.read(bundle)
        defer { imported.cleanUp() }
        let unpacked = try #require(imported.extractionFolder)
        let paths =
            [unpacked.path]
            + (FileManager.default.subpaths(atPath: unpacked.path) ?? []).map { unpacked.path + "/" + $0 }
        #expect(paths.count > 3)
        for path in paths {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == (isFolder.boolValue ? 0o700 : 0o600), "\(path)")
        }
    }

    @Test func entryWithoutTextOrMediaRoundTrips() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let entry = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 0),
            updateTime: Date(timeIntervalSince1970: 1), text: nil)
        for format in [BundleFormat.directory, .zip] {
            let bundle = try BundleWriter(timeZone: testTimeZone)
                .write(entry, to: try folder.folder("out"), format: format)
            let imported = try acceptingReader.read(bundle)
            defer { imported.cleanUp() }
            #expect(imported.entry == entry)
            #expect(bundle.lastPathComponent.hasPrefix("1970-01-01-entry"))
        }
    }
}
