import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct MediaValidationTests {
    static let brokenFixtures = [
        "broken-truncated.jpg", "broken-truncated.png", "broken-bad-crc.png",
        "broken-garbage-after-header.jpg", "broken-garbage-after-header.png", "broken-zero-bytes.jpg",
        "broken-huge-header.png", "broken-truncated-data.wav", "broken-random.bin", "broken-text.jpg"
    ]

    @Test(arguments: brokenFixtures)
    func aBrokenFileLeavesTheStoreByteIdentical(name: String) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("store")
        do {
            let diary = try Diary(directory: directory)
            let editor = try diary.newEntry()
            editor.text = "kept"
            try editor.addMedia([Fixture.url("png-rgb-8.png")])
            try editor.save()
        }
        let before = try FolderFingerprint(of: directory)
        let bad = Fixture.url(name)
        do {
            let diary = try Diary(directory: directory)
            let editor = try diary.newEntry()
            editor.text = "never saved"
            // The good file comes first: it must not be copied either.
            let error = try #require(throws: DiaryError.self) {
                try editor.addMedia([Fixture.url("jpeg-baseline.jpg"), bad])
            }
            guard case .invalidMedia(let url, let reason) = error else {
                Issue.record("expected invalidMedia, got \(error)")
                return
            }
            #expect(url == bad)
            #expect(reason.contains(name))
            #expect(error.category == .dataError)
        }
        #expect(try FolderFingerprint(of: directory) == before)
    }

    @Test func aMissingFileIsNoInput() throws {
        let store = try TestDiary()
        let missing = store.folder.url.appendingPathComponent("nope.jpg")
        let editor = try store.diary.newEntry()
        let error = try #require(throws: DiaryError.self) { try editor.addMedia([missing]) }
        #expect(error == .missingFile(missing))
        #expect(error.category == .missingInput)
        #expect(error.description.contains("nope.jpg"))
    }

    @Test func anUnreadableFileIsNoInput() throws {
        let store = try TestDiary()
        let file = try store.folder.file("locked.png", try Data(contentsOf: Fixture.url("png-rgb-8.png")))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path) }
        guard !FileManager.default.isReadableFile(atPath: file.path) else { return }  // running as root
        let editor = try store.diary.newEntry()
        let error = try #require(throws: DiaryError.self) { try editor.addMedia([file]) }
        guard case .unreadableFile(let url, _) = error else {
            Issue.record("expected unreadableFile, got \(error)")
            return
        }
        #expect(url == file)
        #expect(error.category == .missingInput)
    }
}
