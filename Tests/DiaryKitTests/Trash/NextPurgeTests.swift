import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

/// A writing command asks once when the trash is next due instead of reading every entry
/// (trashedTime has no index): the answer is kept on the device, moves up when an entry is
/// trashed, and is forgotten when a sync may have brought trashed entries.
@Suite struct NextPurgeTests {
    @Test func theDueTimeIsKeptMovedUpAndForgotten() throws {
        let store = try TestDiary()
        let diary = store.diary
        let now = Date()
        let kept = try store.add { $0.text = "stays" }
        let old = try store.add { $0.text = "trashed long ago" }
        // Unknown at first: the whole trash is read once, and "never" is kept for an empty trash.
        #expect(try diary.nextPurge(in: diary.makeContext()) == nil)
        #expect(try diary.purgeExpiredTrash(now: now).isEmpty)
        #expect(try diary.nextPurge(in: diary.makeContext()) == .some(nil))

        // Trashing moves it up to that entry's due time.
        try diary.moveToTrash(ids: [old.id], now: now.addingTimeInterval(-40 * 86_400))
        let due = try #require(try diary.nextPurge(in: diary.makeContext()) ?? nil)
        #expect(abs(due.timeIntervalSince(now.addingTimeInterval(-10 * 86_400))) < 1)
        #expect(try diary.purgeExpiredTrash(now: now).map(\.id) == [old.id])
        #expect(try diary.nextPurge(in: diary.makeContext()) == .some(nil))

        // An entry trashed as a sync does (its time set in a save of its own): not seen until
        // the kept answer is forgotten, as a sync that received anything forgets it.
        let context = diary.makeContext()
        let entry = try diary.fetchEntry(kept.id, in: context)
        entry.isMovingThroughTrash = true
        entry.trashedTime = now.addingTimeInterval(-31 * 86_400)
        try context.save()
        #expect(try diary.purgeExpiredTrash(now: now).isEmpty)
        try diary.forgetNextPurge()
        #expect(try diary.purgeExpiredTrash(now: now).map(\.id) == [kept.id])
        // It is no setting of `diary config`.
        #expect(try diary.settings().isEmpty)
    }
}
