import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundleIntegrityTests {
    /// A fresh directory bundle of the beach-day entry.
    private func bundle(in folder: TemporaryDirectory) throws -> URL {
        try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
    }

    @Test func aFlippedByteIsAHashMismatch() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        let photo = bundle.appendingPathComponent("media/beach.png")
        var bytes = try Data(contentsOf: photo)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: photo)

        let error = readError(bundle)

        guard case .hashMismatch(_, "media/beach.png", let expected, let found) = error else {
            Issue.record("expected hashMismatch, got \(String(describing: error))"); return
        }
        #expect(expected != found)
        #expect(error?.category == .dataError)
        #expect(error?.description.hasPrefix("hash mismatch for media/beach.png in ") == true)
        #expect(error?.description.contains("expected \(expected.prefix(12))…, found \(found.prefix(12))…") == true)
    }

    @Test func aTruncatedFileIsASizeMismatch() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        let recording = bundle.appendingPathComponent("media/waves.wav")
        try Data(try Data(contentsOf: recording).prefix(100)).write(to: recording)

        let error = readError(bundle)

        guard case .sizeMismatch(_, "media/waves.wav", 4044, 100) = error else {
            Issue.record("expected sizeMismatch, got \(String(describing: error))"); return
        }
    }

    @Test func aMissingFileIsBadData() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("media/waves.wav"))

        let error = readError(bundle)

        guard case .missingMedium(_, "media/waves.wav") = error else {
            Issue.record("expected missingMedium, got \(String(describing: error))"); return
        }
        #expect(error?.category == .dataError)
        #expect(error?.category == .dataError)
    }

    @Test func aMissingBundleIsMissingInput() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let error = readError(folder.url.appendingPathComponent("nowhere.diaryentry"))

        guard case .bundleNotFound = error else {
            Issue.record("expected bundleNotFound, got \(String(describing: error))"); return
        }
        #expect(error?.category == .missingInput)
    }

    @Test(arguments: ["../x", "/etc/passwd", "media/../../x", "media\\..\\x"])
    func aManifestPathLeavingTheBundleIsRefused(path: String) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        _ = try folder.file("out/x", TestMedia.png())
        let manifest = bundle.appendingPathComponent("entry.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(
                of: "\"media/beach.png\"",
                with: "\"" + path.replacingOccurrences(of: "\\", with: "\\\\") + "\"")
        try Data(text.utf8).write(to: manifest)

        let error = readError(bundle)

        guard case .unsafePath(_, path) = error else {
            Issue.record("expected unsafePath, got \(String(describing: error))"); return
        }
    }

    @Test func aSymbolicLinkInsideADirectoryBundleIsNotFollowed() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        let photo = bundle.appendingPathComponent("media/beach.png")
        let outside = try folder.file("outside.png", try Data(contentsOf: photo))
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createSymbolicLink(at: photo, withDestinationURL: outside)

        let error = readError(bundle)

        guard case .notARegularFile(_, "media/beach.png") = error else {
            Issue.record("expected notARegularFile, got \(String(describing: error))"); return
        }
    }

    @Test func aSymbolicLinkedMediaFolderIsNotFollowed() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        let media = bundle.appendingPathComponent("media")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: media, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: media, withDestinationURL: elsewhere)

        let error = readError(bundle)

        guard case .notARegularFile = error else {
            Issue.record("expected notARegularFile, got \(String(describing: error))"); return
        }
    }

    @Test func theValidatorsRejectionNamesTheFile() throws {
        struct NotAPicture: Error, CustomStringConvertible {
            var description: String { "PNG signature missing" }
        }
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder)
        let reader = BundleReader { _, medium in
            if medium.kind == .image { throw NotAPicture() }
        }

        let error = readError(bundle, reader: reader)

        guard case .mediumRejected(_, "media/beach.png", let reason) = error else {
            Issue.record("expected mediumRejected, got \(String(describing: error))"); return
        }
        #expect(reason == "PNG signature missing")
        #expect(error?.category == .dataError)
    }

    @Test func errorMessagesShowTheHomeFolderAsTilde() {
        let home = FileManager.default.homeDirectoryForCurrentUser
        let error = BundleError.missingMedium(
            bundle: home.appendingPathComponent("out/b.diaryentry"),
            path: "media/a.png")

        #expect(error.description == "media/a.png is listed in entry.json but missing in ~/out/b.diaryentry")
    }
}
