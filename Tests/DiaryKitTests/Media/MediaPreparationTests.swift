import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct MediaPreparationTests {
    private func stagingFiles(of store: TestDiary) throws -> [String] {
        let staging = store.directory.appendingPathComponent("Diary.blobs/.staging")
        return ((try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []).sorted()
    }

    /// Every referenced blob intact, none unreferenced.
    private func isClean(_ store: TestDiary) throws -> Bool {
        let report = try store.diary.check(repair: false)
        return report.blobProblems.isEmpty && report.unreferencedBlobs.isEmpty && report.recentUnreferencedBlobs.isEmpty
            && report.integrityProblems.isEmpty
    }

    @Test func preparedFilesComeBackInOrderWithTheHashOfTheirBytes() throws {
        let store = try TestDiary()
        let names = [
            "audio-tone.wav", "jpeg-baseline.jpg", "png-rgb-8.png", "audio-tone.flac", "jpeg-orientation-6.jpg",
            "heic-reference.heic", "audio-tone-aac.m4a"
        ]
        var received: [(String, MediumKind, String)] = []
        try store.diary.prepareMedia(names.map { MediaRequest(Fixture.url($0)) }) {
            (request, result) throws(DiaryError) in
            let file = try result.get()
            #expect(file.url == request.url)
            received.append((file.url.lastPathComponent, file.kind, file.sha256))
            store.diary.discard(file)
        }
        #expect(received.map(\.0) == names)
        #expect(received.map(\.1) == [.audio, .image, .image, .audio, .image, .image, .audio])
        for (name, _, sha256) in received {
            #expect(try sha256 == Fixture.sha256(name))
        }
        #expect(try stagingFiles(of: store).isEmpty)
    }

    @Test func photosAndRecordingsGivenTogetherAreSavedInTheOrderGiven() throws {
        let store = try TestDiary()
        let record = try store.add { editor in
            try editor.addMedia([
                MediaRequest(Fixture.url("jpeg-baseline.jpg"), expected: .image),
                MediaRequest(Fixture.url("audio-tone.wav"), expected: .audio),
                MediaRequest(Fixture.url("png-rgb-8.png"))
            ])
        }
        #expect(record.media.map(\.fileName) == ["jpeg-baseline.jpg", "audio-tone.wav", "png-rgb-8.png"])
        #expect(record.media.map(\.snapshot.kind) == [.image, .audio, .image])
        #expect(try isClean(store))
        #expect(try stagingFiles(of: store).isEmpty)
    }

    @Test func aBadFileAmongGoodOnesLeavesNoCopyBehind() throws {
        let store = try TestDiary()
        let editor = try store.diary.newEntry()
        editor.text = "kept text"
        let error = try #require(throws: DiaryError.self) {
            try editor.addMedia([
                MediaRequest(Fixture.url("jpeg-baseline.jpg")), MediaRequest(Fixture.url("audio-tone.wav")),
                MediaRequest(Fixture.url("broken-truncated.jpg")), MediaRequest(Fixture.url("png-rgb-8.png"))
            ])
        }
        guard case .invalidMedia(let url, _) = error else {
            Issue.record("expected invalidMedia, got \(error)")
            return
        }
        #expect(url == Fixture.url("broken-truncated.jpg"))
        #expect(editor.media.isEmpty)
        #expect(try stagingFiles(of: store).isEmpty)
    }

    @Test func aWrongKindIsTheFirstProblemInTheOrderGiven() throws {
        let store = try TestDiary()
        let editor = try store.diary.newEntry()
        let error = try #require(throws: DiaryError.self) {
            try editor.addMedia([
                MediaRequest(Fixture.url("png-rgb-8.png"), expected: .image),
                MediaRequest(Fixture.url("jpeg-baseline.jpg"), expected: .audio),
                MediaRequest(Fixture.url("broken-random.bin"))
            ])
        }
        #expect(error == .wrongMediaKind(Fixture.url("jpeg-baseline.jpg"), expected: .audio, found: .image))
        #expect(try stagingFiles(of: store).isEmpty)
    }

    @Test func anEditorDroppedUnsavedRemovesTheCopiesItMade() throws {
        let store = try TestDiary()
        do {
            let editor = try store.diary.newEntry()
            try editor.addMedia([Fixture.url("jpeg-baseline.jpg"), Fixture.url("audio-tone.wav")])
            #expect(try stagingFiles(of: store).count == 2)
        }
        #expect(try stagingFiles(of: store).isEmpty)
    }

    @Test func aMediumRemovedBeforeTheSaveLeavesNoCopy() throws {
        let store = try TestDiary()
        let editor = try store.diary.newEntry()
        try editor.addMedia([Fixture.url("jpeg-baseline.jpg"), Fixture.url("audio-tone.wav")])
        try editor.removeMedium(at: 1)
        let record = try editor.save()
        #expect(record.media.map(\.fileName) == ["audio-tone.wav"])
        #expect(try stagingFiles(of: store).isEmpty)
        #expect(try isClean(store))
    }

    @Test func theCopyIsTheFileAsItWasWhenAdded() throws {
        // The bytes saved are those checked when the file was added, even if it changes before the save.
        let store = try TestDiary()
        let copy = store.folder.url.appendingPathComponent("photo.png")
        try FileManager.default.copyItem(at: Fixture.url("png-rgb-8.png"), to: copy)
        let editor = try store.diary.newEntry()
        try editor.addMedia([copy])
        try Data("no longer a picture".utf8).write(to: copy)
        let record = try editor.save()
        #expect(try record.media.first?.snapshot.sha256 == Fixture.sha256("png-rgb-8.png"))
        #expect(try isClean(store))
    }
}
