import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundleWriteFailureTests {
    @Test(arguments: [BundleFormat.directory, .zip])
    func aSourceChangedOnDiskFailsTheExportAndLeavesNothing(format: BundleFormat) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let output = try folder.folder("out")
        let entry = try TestEntries.beachDay(in: folder)
        // The second medium is damaged, so the first is already copied when it fails.
        var bytes = try Data(contentsOf: entry.media[1].sourceURL)
        bytes[60] ^= 0xFF
        try bytes.write(to: entry.media[1].sourceURL)

        #expect {
            try BundleWriter(timeZone: testTimeZone).write(entry, to: output, format: format)
        } throws: { error in
            guard case .sourceMismatch(let url, _) = error as? BundleError else { return false }
            return url == entry.media[1].sourceURL
        }
        #expect(folder.listing(output).isEmpty)
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func aMissingSourceFailsTheExportAndLeavesNothing(format: BundleFormat) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let output = try folder.folder("out")
        let entry = try TestEntries.beachDay(in: folder)
        try FileManager.default.removeItem(at: entry.media[1].sourceURL)

        #expect {
            try BundleWriter(timeZone: testTimeZone).write(entry, to: output, format: format)
        } throws: { error in
            guard case .sourceMissing = error as? BundleError else { return false }
            return (error as? BundleError)?.category == .missingInput
        }
        #expect(folder.listing(output).isEmpty)
    }

    @Test func aFailedExportLeavesEarlierBundlesAlone() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let output = try folder.folder("out")
        let entry = try TestEntries.beachDay(in: folder)
        let first = try BundleWriter(timeZone: testTimeZone).write(entry, to: output)
        let before = folder.listing(output)
        var broken = entry
        broken.media[0].sha256 = String(repeating: "0", count: 64)

        #expect(throws: BundleError.self) {
            try BundleWriter(timeZone: testTimeZone).write(broken, to: output)
        }
        #expect(folder.listing(output) == before)
        #expect(try acceptingReader.read(first).entry.uuid == entry.uuid)
    }

    @Test func anUnwritableDestinationIsAnIOError() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let blocker = try folder.file("file", Data("x".utf8))

        #expect {
            try BundleWriter().write(
                try TestEntries.beachDay(in: folder),
                to: blocker.appendingPathComponent("out"))
        } throws: { error in
            (error as? BundleError)?.category == .ioError
        }
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func theLeftoverOfAKilledExportIsSweptByTheNextOne(format: BundleFormat) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let output = try folder.folder("out")
        let entry = try TestEntries.beachDay(in: folder)
        let stem = BundleName.stem(for: entry, timeZone: testTimeZone)
        // A process id that is not running: the kernel's pid_max is below 2^22.
        _ = try folder.file("out/.\(stem).partial-4194304-\(UUID().uuidString)\(format.suffix)", Data("half".utf8))

        let bundle = try BundleWriter(timeZone: testTimeZone).write(entry, to: output, format: format)

        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == [bundle.lastPathComponent])
    }
}
