import Foundation
import ObjectGraph

extension Diary {
    /// How many entries one transaction of ``fillInLocalTimes()`` gives a local time.
    static let localTimeFillingBatch = 2_000

    /// Gives every entry without a ``DiaryEntry/localTime`` (those of a store written before
    /// entries kept one) its local time, a batch per transaction, without touching their update
    /// times. A store that has none left costs one indexed query.
    /// - Throws: store errors as ``DiaryError``.
    func fillInLocalTimes() throws(DiaryError) {
        var request = FetchRequest(DiaryEntry.self, entityName: DiaryModel.Entity.entry,
                                   predicate: .equals("localTime", .null))
        request.fetchLimit = Self.localTimeFillingBatch
        while true {
            let context = makeBrowsingContext()
            let entries = try DiaryError.wrapping(databaseURL) { try context.fetch(request) }
            guard !entries.isEmpty else { return }
            for entry in entries {
                entry.isFillingIn = true
                entry.localTime = entry.ownLocalTime
            }
            try DiaryError.wrapping(databaseURL) { try context.save() }
            guard entries.count == Self.localTimeFillingBatch else { return }
        }
    }
}
