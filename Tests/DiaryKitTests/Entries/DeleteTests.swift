import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct DeleteTests {
    @Test func deletingRemovesTheRowsAndTheBlobFiles() throws {
        let store = try TestDiary()
        let doomed = try store.add { editor in
            editor.text = "doomed"
            try editor.addMedia([Fixture.url("jpeg-baseline.jpg"), Fixture.url("audio-tone.wav")])
            try editor.addTag("gone")
        }
        let kept = try store.add { editor in
            editor.text = "kept"
            try editor.addMedia([Fixture.url("png-rgb-8.png")])
        }
        #expect(try store.blobFiles().count == 3)
        let removed = try store.diary.deleteEntry(id: doomed.id)
        #expect(removed == doomed)
        #expect(throws: DiaryError.unknownEntry(id: doomed.id)) { try store.diary.entry(id: doomed.id) }
        #expect(try store.diary.entries().map(\.id) == [kept.id])
        #expect(try store.blobFiles() == [kept.media[0].sha256])
        for medium in doomed.media { #expect(!FileManager.default.fileExists(atPath: medium.fileURL.path)) }
        // The media rows went with the entry: nothing of theirs is left to fetch.
        let context = store.diary.makeContext()
        let media = try context.fetch(ObjectGraph.FetchRequest(Medium.self, entityName: "Medium"))
        #expect(media.count == 1)
        #expect(try store.diary.tags().isEmpty)
    }

    @Test func aBlobSharedWithAnotherEntryStays() throws {
        let store = try TestDiary()
        let first = try store.add { try $0.addMedia([Fixture.url("png-rgb-8.png")]) }
        let second = try store.add { try $0.addMedia([Fixture.url("png-rgb-8.png")]) }
        try store.diary.deleteEntry(id: first.id)
        #expect(try store.blobFiles() == [second.media[0].sha256])
        #expect(FileManager.default.fileExists(atPath: second.media[0].fileURL.path))
    }

    @Test func deletingSeveralIsAllOrNothing() throws {
        let store = try TestDiary()
        let entry = try store.add { $0.text = "stays" }
        #expect(throws: DiaryError.unknownEntry(id: 99)) { try store.diary.deleteEntries(ids: [entry.id, 99]) }
        #expect(try store.diary.entry(id: entry.id) == entry)
    }
}
