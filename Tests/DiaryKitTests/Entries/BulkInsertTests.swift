import Foundation
import ObjectGraph
import Testing

@testable import DiaryKit

@Suite struct BulkInsertTests {
    @Test func entriesKeepTheirIdentityTimesTagsAndMedia() throws {
        let store = try TestDiary()
        try store.add("already here", at: Date(timeIntervalSince1970: 1_700_000_000), tags: ["Travel"])
        let beach = try TestEntries.beachDay(in: store.folder)
        var plain = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_700_086_400.5),
            updateTime: Date(timeIntervalSince1970: 1_700_090_000), text: "quiet day",
            tags: ["travel", "home"])
        plain.media = [beach.media[0]]  // the same photo again: one blob file for both
        let ids = try store.diary.insertEntries([beach, plain])

        #expect(ids.count == 2)
        let first = try store.diary.entry(id: ids[0])
        #expect(first.uuid == beach.uuid)
        #expect(first.creationTime == beach.creationTime)
        #expect(first.updateTime == beach.updateTime)
        #expect(first.tags == ["sea", "Travel"])  // the stored tag reused, in its own spelling
        #expect(first.starred)
        #expect(first.media.map(\.kind) == [.image, .audio])
        #expect(first.media.map(\.sha256) == beach.media.map(\.sha256))
        #expect(first.media.map(\.width) == [6, nil])
        let second = try store.diary.entry(id: ids[1])
        #expect(second.tags == ["home", "Travel"])
        #expect(second.media.map(\.sha256) == [beach.media[0].sha256])
        #expect(try store.blobFiles() == Set(beach.media.map(\.sha256)))
        #expect(try store.diary.tags().map(\.count) == [1, 1, 3])
    }

    @Test func entriesKeepTheTimeZoneTheyWereWrittenIn() throws {
        let store = try TestDiary()
        var abroad = EntrySnapshot(uuid: UUID(), creationTime: Date(), updateTime: Date(), text: "in Tokyo")
        abroad.timeZone = "Asia/Tokyo"
        let unknown = EntrySnapshot(uuid: UUID(), creationTime: Date(), updateTime: Date(), text: "somewhere")
        let ids = try store.diary.insertEntries([abroad, unknown])
        let context = store.diary.makeContext()
        let zones = try ids.map { id in
            try context.fetch(
                FetchRequest(
                    DiaryEntry.self, entityName: DiaryModel.Entity.entry,
                    predicate: .equals("uuid", .uuid(id == ids[0] ? abroad.uuid : unknown.uuid)))
            )
            .first?.timeZone
        }
        // An entry without one gets the zone of the process that wrote it, as a new entry does.
        #expect(zones == ["Asia/Tokyo", TimeZone.current.identifier])
    }

    @Test func oneBadEntryWritesNothing() throws {
        let store = try TestDiary()
        let good = EntrySnapshot(uuid: UUID(), creationTime: Date(), updateTime: Date(), text: "fine")
        let empty = EntrySnapshot(uuid: UUID(), creationTime: Date(), updateTime: Date(), text: "  ")
        #expect(throws: DiaryError.emptyEntry) { try store.diary.insertEntries([good, empty]) }
        let badTag = EntrySnapshot(uuid: UUID(), creationTime: Date(), updateTime: Date(), text: "x", tags: [" "])
        #expect(throws: DiaryError.invalidTag(" ")) { try store.diary.insertEntries([good, badTag]) }
        #expect(try store.diary.entryCount() == 0)
    }

    @Test func aMediumsHashMustBeASHA256() throws {
        let store = try TestDiary()
        let context = store.diary.makeContext()
        let entry = try context.insert(DiaryEntry.self)
        entry.text = "with a photo"
        let image = try context.insert(ImageMedium.self)
        image.mimeType = "image/png"
        image.originalFileName = "a.png"
        image.byteCount = 1
        image.width = 1
        image.height = 1
        image.sha256 = "not a hash"
        image.diaryEntry = entry
        let error = try #require(throws: ObjectGraphError.self) { try context.save() }
        guard case .validationFailed(let problems) = error else {
            Issue.record("expected a validation failure, got \(error)")
            return
        }
        #expect(problems.map(\.rule) == [Medium.hashRule])
        image.sha256 = String(repeating: "ab", count: 32)
        try context.save()
        #expect(try store.diary.entryCount() == 1)
    }
}
