import Foundation
import ObjectGraph

extension Diary {
    /// Calls `body` with every entry `query` selects outside the trash, oldest first on the clock
    /// days are counted by (each entry's own, ``dayKey(readerZone:)``; ties by UUID), `pageSize`
    /// at a time, each page fetched into a fresh context so memory does not grow with the diary.
    /// A day's entries so come together, as the book and the Markdown export group them.
    ///
    /// Pages are found by key, not by offset: each asks for the entries at or after the last
    /// time seen and drops those already given, so every page costs the same however deep into
    /// the diary it is (an offset makes the store step over everything before it, and a
    /// whole-diary export quadratic).
    /// - Throws: store errors as ``DiaryError``, and whatever `body` throws.
    func forEachPage(
        _ query: DiaryQuery, pageSize: Int,
        _ body: ([DiaryEntry], ManagedObjectContext) throws(DiaryError) -> Void
    ) throws(DiaryError) {
        let days = dayKey(readerZone: query.timeZone)
        let key = days.key
        let selected = Self.outsideTrash(query.filter.predicate(days: days))
        var request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry, predicate: selected,
            sortOrderings: [
                SortOrdering(key, ascending: true),
                SortOrdering("uuid", ascending: true)
            ])
        // The last time given, and the entries at that time already given.
        var last: (time: Date, given: Set<UUID>)?
        while true {
            if let last {
                request.predicate = .and([
                    selected,
                    .comparison(
                        PredicateComparison(
                            .keyPath([key]), .greaterOrEqual, .constant(.date(last.time))))
                ])
            }
            let limit = pageSize + (last?.given.count ?? 0)
            request.fetchLimit = limit
            let context = makeContext()
            let fetched = try DiaryError.wrapping(databaseURL) { try context.fetch(request) }
            let page =
                last.map { last in
                    fetched.filter { $0[key, as: Date.self] != last.time || !last.given.contains($0.uuid) }
                } ?? fetched
            if !page.isEmpty { try body(page, context) }
            guard fetched.count == limit, let time = page.last?[key, as: Date.self] else { return }
            var given = last?.time == time ? last?.given ?? [] : []
            for entry in page.reversed() {
                guard entry[key, as: Date.self] == time else { break }
                given.insert(entry.uuid)
            }
            last = (time, given)
        }
    }
}
