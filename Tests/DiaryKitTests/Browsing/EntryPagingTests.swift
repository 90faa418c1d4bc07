import Foundation
import ObjectGraph
import Testing

@testable import DiaryKit

@Suite struct EntryPagingTests {
    /// Pages are found by creation time, not by offset: entries sharing one time across several
    /// pages (here 7 at one instant, pages of 3) come once each, in the order of one fetch.
    @Test(arguments: [1, 2, 3, 7, 20])
    func everyEntryComesOnceInOrderWhateverThePageSize(pageSize: Int) throws {
        let store = try TestDiary()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let times = [0, 10, 10, 10, 10, 10, 10, 10, 20, 30, 30, 40].map { base.addingTimeInterval(Double($0)) }
        _ = try store.diary.insertEntries(
            times.enumerated().map { number, time in
                EntrySnapshot(uuid: UUID(), creationTime: time, updateTime: time, text: "entry \(number)")
            })
        let trashed = try store.add("in the trash", at: base.addingTimeInterval(10))
        _ = try store.diary.moveToTrash(ids: [trashed.id])

        var paged: [UUID] = []
        var pages = 0
        try store.diary.forEachPage(DiaryQuery(), pageSize: pageSize) { (page, _) throws(DiaryError) in
            #expect(page.count <= pageSize)
            pages += 1
            paged += page.map(\.uuid)
        }
        let context = store.diary.makeContext()
        let all = try context.fetch(
            FetchRequest(
                DiaryEntry.self, entityName: DiaryModel.Entity.entry,
                predicate: Diary.outsideTrash(nil),
                sortOrderings: [SortOrdering("creationTime"), SortOrdering("uuid")]))
        #expect(paged == all.map(\.uuid))
        #expect(paged.count == times.count)
        #expect(pages >= (times.count + pageSize - 1) / pageSize)
    }
}
