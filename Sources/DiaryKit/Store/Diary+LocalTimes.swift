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
        var request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
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

    /// Whether every entry of the store `context` reads has a local time (one indexed query).
    /// - Throws: store errors as ``DiaryError``.
    static func holdsEveryLocalTime(_ context: ManagedObjectContext, store: URL) throws(DiaryError) -> Bool {
        let request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry, predicate: .equals("localTime", .null))
        return try DiaryError.wrapping(store) { try context.count(for: request) } == 0
    }

    /// The key days are counted by, and the zone to count them in: each entry's floating local
    /// time in UTC, or in a store lacking local times (``countsOwnClocks``) the creation time in
    /// the reader's zone.
    func dayKey(readerZone: any TimeZoneRules) -> (key: String, zone: any TimeZoneRules) {
        countsOwnClocks ? ("localTime", FixedOffset(seconds: 0)) : ("creationTime", readerZone)
    }
}
