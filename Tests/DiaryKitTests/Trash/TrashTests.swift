import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

/// The trash: entries wait there 30 days with all their rows and files, then go for good.
@Suite struct TrashTests {
    @Test func aTrashedEntryKeepsItsMediaAndComesBackUnchanged() throws {
        let store = try TestDiary()
        let entry = try store.add { editor in
            editor.text = "keep me"
            try editor.addMedia([Fixture.url("jpeg-baseline.jpg"), Fixture.url("audio-tone.wav")])
            try editor.addTag("sea")
        }
        let trashed = try store.diary.moveToTrash(ids: [entry.id])
        #expect(trashed == [entry])
        #expect(try store.diary.entries().isEmpty)
        #expect(try store.diary.entryCount() == 0)
        #expect(try store.diary.tags().isEmpty)
        #expect(try store.diary.trash().map(\.entry) == [entry])
        #expect(try store.blobFiles() == Set(entry.media.map(\.sha256)))
        #expect(throws: DiaryError.entryInTrash(id: entry.id)) { try store.diary.entry(id: entry.id) }
        #expect(throws: DiaryError.entryInTrash(id: entry.id)) { try store.diary.moveToTrash(ids: [entry.id]) }

        let restored = try store.diary.restoreEntries(ids: [entry.id])
        #expect(restored == [entry], "text, tags, media and both times are as they were")
        #expect(try store.diary.entries() == [entry])
        #expect(try store.diary.trash().isEmpty)
        #expect(throws: DiaryError.entryNotInTrash(id: entry.id)) { try store.diary.restoreEntries(ids: [entry.id]) }
    }

    @Test func restoringIsAllOrNothing() throws {
        let store = try TestDiary()
        let first = try store.add { $0.text = "one" }
        let second = try store.add { $0.text = "two" }
        try store.diary.moveToTrash(ids: [first.id])
        #expect(throws: DiaryError.entryNotInTrash(id: second.id)) {
            try store.diary.restoreEntries(ids: [first.id, second.id])
        }
        #expect(try store.diary.trash().map(\.entry.id) == [first.id])
    }

    @Test func entriesLongerThanThirtyDaysInTheTrashGoForGoodWithTheNextDelete() throws {
        let store = try TestDiary()
        let old = try store.add { editor in
            editor.text = "old"
            try editor.addMedia([Fixture.url("png-rgb-8.png")])
        }
        let recent = try store.add { $0.text = "recent" }
        let now = Date()
        try store.diary.moveToTrash(ids: [old.id], now: now.addingTimeInterval(-31 * 86_400))
        #expect(try store.diary.trash().map(\.entry.id) == [old.id])
        try store.diary.moveToTrash(ids: [recent.id], now: now)
        #expect(try store.diary.trash().map(\.entry.id) == [recent.id])
        #expect(try store.blobFiles().isEmpty)
        #expect(throws: DiaryError.unknownEntry(id: old.id)) { try store.diary.restoreEntries(ids: [old.id]) }
    }

    @Test func emptyingTheTrashRemovesOnlyBlobFilesNoOtherEntryUses() throws {
        let store = try TestDiary()
        let gone = try store.add { try $0.addMedia([Fixture.url("png-rgb-8.png"), Fixture.url("audio-tone.wav")]) }
        let kept = try store.add { try $0.addMedia([Fixture.url("png-rgb-8.png")]) }
        try store.diary.moveToTrash(ids: [gone.id])
        #expect(try store.blobFiles().count == 2)
        let report = try store.diary.check(repair: true, staleAfter: 0)
        #expect(report.trashedEntryCount == 1)
        #expect(report.removed.isEmpty)
        #expect(try store.diary.emptyTrash().map(\.id) == [gone.id])
        #expect(try store.blobFiles() == [kept.media[0].sha256])
        #expect(try store.diary.check().isHealthy)
    }
}
