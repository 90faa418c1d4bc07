import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundleZipSafetyTests {
    /// A valid manifest for an entry without media.
    private static let manifest = Data(
        """
        {"format": "photodiary-entry", "formatVersion": 1,
         "uuid": "5C0D2E6A-9B1F-4E27-8A53-1F2E3D4C5B6A",
         "creationTime": "2026-11-29T14:50:05+01:00", "updateTime": "2026-11-29T14:50:05+01:00",
         "text": "hi", "media": []}
        """.utf8)

    /// Reads a hand-made zip of `members` and returns the error and what is left in the
    /// test folder outside the zip itself.
    private func read(
        _ members: [TestZip.Member],
        limits: BundleReader.Limits = .init()
    ) throws -> (BundleError?, [String]) {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let temporary = try folder.folder("work/tmp")
        let zip = try folder.file("work/in/evil.diaryentry.zip", TestZip.make(members))
        let reader = BundleReader(limits: limits, temporaryDirectory: temporary) { _, _ in }
        var failure: BundleError?
        do {
            try reader.read(zip).cleanUp()
        } catch {
            failure = error
        }
        let left = folder.listing().filter { $0 != "work" && $0 != "work/tmp" && !$0.hasPrefix("work/in") }
        return (failure, left)
    }

    @Test(arguments: [
        ("../evil", "climbs out of the bundle with .."),
        ("bundle.diaryentry/../../evil", "climbs out of the bundle with .."),
        ("/tmp/evil-absolute-\(UUID().uuidString)", "is an absolute path"),
        // libarchive turns the backslash into a slash, and the `..` is caught.
        ("..\\evil", "climbs out of the bundle with ..")
    ])
    func aMemberNamedOutsideTheBundleIsRefused(name: String, reason: String) throws {
        let (error, left) = try read([
            .init(name: "bundle.diaryentry/entry.json", contents: Self.manifest),
            .init(name: name, contents: Data("pwned".utf8))
        ])

        guard case .unsafeArchiveEntry(_, let member, let reported) = error,
            member.replacingOccurrences(of: "/", with: "\\")
                == name.replacingOccurrences(of: "/", with: "\\")
        else {
            Issue.record("expected unsafeArchiveEntry, got \(String(describing: error))"); return
        }
        #expect(reported == reason)
        #expect(error?.category == .dataError)
        #expect(left.isEmpty)
        if name.hasPrefix("/") { #expect(!FileManager.default.fileExists(atPath: name)) }
    }

    @Test func aSymbolicLinkMemberIsRefused() throws {
        let (error, left) = try read([
            .init(name: "bundle.diaryentry/entry.json", contents: Self.manifest),
            .init(
                name: "bundle.diaryentry/media/link.png", contents: Data("/etc/passwd".utf8),
                mode: 0o120777)
        ])

        guard case .unsafeArchiveEntry(_, "bundle.diaryentry/media/link.png", "is a symbolic link") = error
        else { Issue.record("expected a refused link, got \(String(describing: error))"); return }
        #expect(left.isEmpty)
    }

    @Test func aDeviceMemberIsRefused() throws {
        let (error, left) = try read([
            .init(name: "bundle.diaryentry/dev", contents: Data(), mode: 0o020644)
        ])

        guard case .unsafeArchiveEntry(_, "bundle.diaryentry/dev", _) = error else {
            Issue.record("expected a refused device, got \(String(describing: error))"); return
        }
        #expect(left.isEmpty)
    }

    /// A manifest listing audio media at `paths` with the given declared sizes.
    private static func manifest(listing media: [(path: String, byteCount: Int)]) -> Data {
        let records = media.enumerated().map { position, medium in
            """
            {"index": \(position + 1), "kind": "audio", "mimeType": "audio/x-wav", "fileName": "a.wav",
             "path": "\(medium.path)", "byteCount": \(medium.byteCount), "sha256": \
             "\(String(repeating: "0", count: 64))"}
            """
        }
        return Data(
            """
            {"format": "photodiary-entry", "formatVersion": 1,
             "uuid": "5C0D2E6A-9B1F-4E27-8A53-1F2E3D4C5B6A",
             "creationTime": "2026-11-29T14:50:05+01:00", "updateTime": "2026-11-29T14:50:05+01:00",
             "media": [\(records.joined(separator: ", "))]}
            """.utf8)
    }

    @Test func aNamedMemberLargerThanItsRecordIsRefusedWhileUnpacking() throws {
        let (error, left) = try read(
            [
                .init(
                    name: "bundle.diaryentry/entry.json", contents: Self.manifest(listing: [("media/big.wav", 4096)])),
                .init(name: "bundle.diaryentry/media/big.wav", contents: Data(count: 5000))
            ])

        guard case .archiveTooLarge(_, "bundle.diaryentry/media/big.wav", 4096) = error else {
            Issue.record("expected archiveTooLarge, got \(String(describing: error))"); return
        }
        #expect(left.isEmpty)
    }

    @Test func mediaDeclaredBeyondTheTotalLimitAreRefusedBeforeUnpacking() throws {
        let (error, _) = try read(
            [
                .init(name: "a/entry.json", contents: Self.manifest(listing: [("one", 3000), ("two", 3000)])),
                .init(name: "a/one", contents: Data(count: 3000)),
                .init(name: "a/two", contents: Data(count: 3000))
            ],
            limits: .init(maximumTotalSize: 5000))

        guard case .overLimit(_, let detail) = error else {
            Issue.record("expected overLimit, got \(String(describing: error))"); return
        }
        #expect(detail.contains("6000 bytes") && detail.contains("limit of 5000 bytes"))
    }

    @Test func membersTheManifestDoesNotNameAreNotUnpacked() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let temporary = try folder.folder("tmp")
        let zip = try folder.file(
            "in/bomb.diaryentry.zip",
            TestZip.make([
                .init(name: "b.diaryentry/entry.json", contents: Self.manifest),
                .init(name: "b.diaryentry/media/filler-1", contents: Data(count: 6000)),
                .init(name: "b.diaryentry/filler-2", contents: Data(count: 6000))
            ]))
        let reader = BundleReader(
            limits: .init(maximumFileSize: 5000, maximumTotalSize: 5000),
            temporaryDirectory: temporary
        ) { _, _ in }

        let entry = try reader.read(zip)
        defer { entry.cleanUp() }

        #expect(entry.entry.text == "hi")
        let unpacked = try #require(entry.extractionFolder)
        #expect(folder.listing(unpacked) == ["b.diaryentry", "b.diaryentry/entry.json"])
    }

    @Test func aFolderLeftByAKilledImportIsSweptByTheNextOne() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let temporary = try folder.folder("tmp")
        // A process id that is not running: the kernel's pid_max is below 2^22.
        let stale = try folder.folder("tmp/\(BundleReader.extractionPrefix)-4194304-\(UUID().uuidString)")
        _ = try folder.file("tmp/\(stale.lastPathComponent)/b.diaryentry/entry.json", Self.manifest)
        let live = try folder.folder("tmp/\(BundleReader.extractionPrefix)-\(getpid())-\(UUID().uuidString)")
        // An earlier version's name, without a process id: stale after a day, young ones stay.
        let old = try folder.folder("tmp/\(BundleReader.extractionPrefix)-\(UUID().uuidString)")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * 86_400)],
            ofItemAtPath: old.path)
        let young = try folder.folder("tmp/\(BundleReader.extractionPrefix)-\(UUID().uuidString)")
        let zip = try folder.file(
            "in/b.diaryentry.zip",
            TestZip.make([
                .init(name: "b.diaryentry/entry.json", contents: Self.manifest)
            ]))

        try BundleReader(temporaryDirectory: temporary) { _, _ in }.read(zip).cleanUp()

        #expect(folder.listing(temporary) == [live.lastPathComponent, young.lastPathComponent].sorted())
    }

    @Test func aMemberThatAppearsTwiceIsRefused() throws {
        let (error, _) = try read([
            .init(name: "a/entry.json", contents: Self.manifest),
            .init(name: "a/entry.json", contents: Self.manifest)
        ])

        guard case .unsafeArchiveEntry(_, "a/entry.json", "appears twice") = error else {
            Issue.record("expected a refused duplicate, got \(String(describing: error))"); return
        }
    }

    @Test func tooManyMembersAreRefused() throws {
        let (error, _) = try read(
            (0..<5).map { .init(name: "a/\($0)", contents: Data()) },
            limits: .init(maximumEntryCount: 4))

        guard case .archiveTooManyMembers(_, 4) = error else {
            Issue.record("expected archiveTooManyMembers, got \(String(describing: error))"); return
        }
    }

    @Test func aRezippedBundleWithMacMetadataIsAccepted() throws {
        let (error, left) = try read([
            .init(name: "b.diaryentry/entry.json", contents: Self.manifest),
            .init(name: "__MACOSX/b.diaryentry/._entry.json", contents: Data([0, 5, 22, 7]))
        ])

        #expect(error == nil)
        #expect(left.isEmpty)
    }

    @Test func aHandMadeZipWithManifestAtTheTopIsAccepted() throws {
        let (error, left) = try read([.init(name: "entry.json", contents: Self.manifest)])

        #expect(error == nil)
        #expect(left.isEmpty)
    }

    @Test func aFileThatIsNoZipIsReportedAsCorrupt() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let file = try folder.file("photo.diaryentry.zip", TestMedia.png())

        #expect {
            try BundleReader(temporaryDirectory: try folder.folder("tmp")) { _, _ in }.read(file)
        } throws: { error in
            guard case .archiveCorrupt = error as? BundleError else { return false }
            return folder.listing(folder.url.appendingPathComponent("tmp")).isEmpty
        }
    }
}
