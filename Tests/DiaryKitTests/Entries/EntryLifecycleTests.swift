import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct EntryLifecycleTests {
    @Test func insertingSetsIdentityAndBothTimes() throws {
        let store = try TestDiary()
        let before = Date()
        let editor = try store.diary.newEntry()
        let created = try #require(editor.entry.creationTime)
        #expect(editor.entry.updateTime == created)
        #expect(created >= before && created <= Date())
        #expect(editor.uuid != nil)
        #expect(editor.entry.starred == false)
        #expect(editor.entryID == nil)
    }

    @Test func savingRefreshesTheUpdateTimeOnly() throws {
        let store = try TestDiary()
        let first = try store.add { $0.text = "one" }
        #expect(first.updateTime >= first.creationTime)
        // Records keep milliseconds: let the clock pass the first save's millisecond, or two
        // fast saves could carry the same time.
        while Date().timeIntervalSince(first.updateTime) < 0.002 { Thread.sleep(forTimeInterval: 0.001) }
        let editor = try store.diary.editEntry(id: first.id)
        editor.appendText("two")
        editor.isStarred = true
        let second = try editor.save()
        #expect(second.text == "one\n\ntwo")
        #expect(second.starred)
        #expect(second.creationTime == first.creationTime)
        #expect(second.updateTime > first.updateTime)
        #expect(second.uuid == first.uuid)
        // The primitive setter in willSave left nothing unsaved behind.
        #expect(!editor.context.hasChanges)
    }

    @Test func anEmptyEntryIsNeverSaved() throws {
        let store = try TestDiary()
        let editor = try store.diary.newEntry()
        editor.text = "   \n"
        #expect(editor.text == nil)
        #expect(throws: DiaryError.emptyEntry) { try editor.save() }
        #expect(try store.diary.entryCount() == 0)
        #expect(DiaryError.emptyEntry.category == .dataError)
    }

    @Test func theModelItselfRefusesAnEmptyEntry() throws {
        let store = try TestDiary()
        let context = store.diary.makeContext()
        let entry = try context.insert(DiaryEntry.self)
        let error = try #require(throws: ObjectGraphError.self) { try context.save() }
        guard case .validationFailed(let problems) = error else {
            Issue.record("expected a validation failure, got \(error)")
            return
        }
        #expect(problems.map(\.rule) == [DiaryEntry.emptyRule])
        #expect(DiaryError(error, store: store.diary.databaseURL) == .emptyEntry)
        entry.text = "now it has text"
        try context.save()
        #expect(try store.diary.entryCount() == 1)
    }

    @Test func removingTheLastContentIsRefusedAndKeepsTheEntry() throws {
        let store = try TestDiary()
        let record = try store.add { try $0.addMedia([Fixture.url("png-rgb-8.png")]) }
        let editor = try store.diary.editEntry(id: record.id)
        try editor.removeMedium(at: 1)
        #expect(throws: DiaryError.emptyEntry) { try editor.save() }
        #expect(try store.diary.entry(id: record.id).media.count == 1)
        #expect(try store.blobFiles().count == 1)
    }

    @Test func mediaAreRemovedByTheirOneBasedIndexAndRenumbered() throws {
        let store = try TestDiary()
        let record = try store.add { editor in
            try editor.addMedia([
                Fixture.url("png-rgb-8.png"), Fixture.url("audio-tone.wav"),
                Fixture.url("jpeg-baseline.jpg")
            ])
        }
        let editor = try store.diary.editEntry(id: record.id)
        #expect(throws: DiaryError.unknownMedium(index: 4, entryID: record.id, count: 3)) {
            try editor.removeMedia(at: [1, 4])
        }
        try editor.removeMedia(at: [1, 3])
        let saved = try editor.save()
        #expect(saved.media.map(\.fileName) == ["audio-tone.wav"])
        #expect(saved.media.map(\.index) == [1])
        #expect(try store.blobFiles() == [try Fixture.sha256("audio-tone.wav")])
    }

    @Test func anUnknownIDIsATypedError() throws {
        let store = try TestDiary()
        #expect(throws: DiaryError.unknownEntry(id: 42)) { try store.diary.entry(id: 42) }
        #expect(throws: DiaryError.unknownEntry(id: 42)) { try store.diary.editEntry(id: 42) }
        #expect(throws: DiaryError.unknownEntry(id: -1)) { try store.diary.deleteEntry(id: -1) }
        #expect(DiaryError.unknownEntry(id: 42).category == .missingInput)
        #expect(DiaryError.unknownEntry(id: 42).description.contains("#42"))
    }
}
