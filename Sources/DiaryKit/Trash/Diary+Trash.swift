import Foundation
import ObjectGraph

/// The trash: `delete` moves entries there, where they wait ``trashRetention`` before they
/// are removed for good with their media. Trashed entries keep every row and blob file, so
/// a restore gives back exactly what was there; listings, search, the calendar, tags and
/// exports leave them out.
extension Diary {
    /// How long an entry stays in the trash: 30 days.
    public static let trashRetention: TimeInterval = 30 * 24 * 60 * 60

    /// `predicate` narrowed to entries outside the trash.
    static func outsideTrash(_ predicate: FetchPredicate?) -> FetchPredicate {
        let untrashed = FetchPredicate.equals("trashedTime", .null)
        guard let predicate else { return untrashed }
        return .and([predicate, untrashed])
    }

    /// Whether stored entry `id` is in the trash now, as a fresh read of the store says.
    /// - Throws: store errors as ``DiaryError``; false for an unknown id.
    func isInTrash(_ id: Int64) throws(DiaryError) -> Bool {
        do {
            _ = try fetchEntry(id, in: makeContext(), inTrash: .only)
            return true
        } catch .entryNotInTrash, .unknownEntry {
            return false
        }
    }

    /// The entries in the trash, as objects of `context`, most recently trashed first.
    func fetchTrashedEntries(in context: ManagedObjectContext) throws(DiaryError) -> [DiaryEntry] {
        let request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            predicate: .comparison(
                PredicateComparison(
                    .keyPath(["trashedTime"]), .notEqual,
                    .constant(.null))),
            sortOrderings: [SortOrdering("trashedTime", ascending: false)])
        return try DiaryError.wrapping(databaseURL) { try context.fetch(request) }
    }

    /// Moves entries to the trash in one transaction: all of them or, when one id is unknown
    /// or already trashed, none. Entries whose time in the trash is over go for good in the
    /// same save.
    /// - Returns: the entries as they were, in the order of `ids`.
    /// - Throws: ``DiaryError/unknownEntry(id:)``, ``DiaryError/entryInTrash(id:)``; store errors.
    @discardableResult
    public func moveToTrash(ids: [Int64], now: Date = Date()) throws(DiaryError) -> [EntryRecord] {
        let context = makeContext()
        var records: [EntryRecord] = []
        for id in ids {
            let entry = try fetchEntry(id, in: context)
            records.append(try record(of: entry))
            entry.isMovingThroughTrash = true
            entry.trashedTime = now
        }
        try deleteExpiredTrash(in: context, now: now)
        // Due no later than these (a known later date moves up; an unknown one stays unknown).
        if let known = try nextPurge(in: context) {
            let due = now.addingTimeInterval(Self.trashRetention)
            try setNextPurge(known.map { min($0, due) } ?? due, in: context)
        }
        try DiaryError.wrapping(databaseURL) { try context.save() }
        return records
    }

    /// Brings entries back from the trash, with their text, tags, media and times as they
    /// were: all of them or, when one id is unknown or not in the trash, none.
    /// - Returns: the restored entries, in the order of `ids`.
    /// - Throws: ``DiaryError/unknownEntry(id:)``, ``DiaryError/entryNotInTrash(id:)``; store errors.
    @discardableResult
    public func restoreEntries(ids: [Int64]) throws(DiaryError) -> [EntryRecord] {
        let context = makeContext()
        var entries: [DiaryEntry] = []
        for id in ids {
            let entry = try fetchEntry(id, in: context, inTrash: .only)
            entry.isMovingThroughTrash = true
            entry.trashedTime = nil
            entries.append(entry)
        }
        try DiaryError.wrapping(databaseURL) { try context.save() }
        return try entries.map { entry throws(DiaryError) in try record(of: entry) }
    }

    /// The media of the trashed entries `ids` whose files are missing or no longer match their
    /// hash (damaged or removed while the entry waited), checked before a restore brings the
    /// entries back so that it can say so; in the order of `ids`, then of each entry's media.
    /// - Throws: ``DiaryError/unknownEntry(id:)``, ``DiaryError/entryNotInTrash(id:)``; store errors.
    public func damagedMedia(ofTrashedEntries ids: [Int64]) throws(DiaryError) -> [CheckReport.BlobProblem] {
        let context = makeContext()
        var problems: [CheckReport.BlobProblem] = []
        for id in ids {
            let entry = try fetchEntry(id, in: context, inTrash: .only)
            for (offset, medium) in entry.orderedMedia.enumerated() {
                if let problem = try blobProblem(of: medium, mediumIndex: offset + 1, entryID: id) {
                    problems.append(problem)
                }
            }
        }
        return problems
    }

    /// The entries in the trash, most recently trashed first.
    /// - Throws: store errors as ``DiaryError``.
    public func trash() throws(DiaryError) -> [TrashedEntry] {
        let context = makeBrowsingContext()
        let entries = try fetchTrashedEntries(in: context)
        return try zip(entries, records(of: entries, in: context)).compactMap { entry, record in
            entry.trashedTime.map { TrashedEntry(entry: record, trashedTime: $0) }
        }
    }

    /// Removes every entry in the trash for good, with its media; a blob file goes once no
    /// medium of any entry, in the diary or the trash, uses it any more.
    /// - Returns: the entries removed, most recently trashed first.
    /// - Throws: store errors as ``DiaryError``.
    @discardableResult
    public func emptyTrash() throws(DiaryError) -> [EntryRecord] {
        let context = makeContext()
        let entries = try fetchTrashedEntries(in: context)
        let records = try entries.map { entry throws(DiaryError) in try record(of: entry) }
        entries.forEach(context.delete)
        try DiaryError.wrapping(databaseURL) { try context.save() }
        return records
    }

    /// Removes for good, with their media, the trashed entries whose time in the trash is over
    /// (``trashRetention`` after they were deleted), so that a command can say so; nothing
    /// when none is due.
    /// - Returns: the entries removed, as they were.
    /// - Throws: store errors as ``DiaryError``.
    @discardableResult
    public func purgeExpiredTrash(now: Date = Date()) throws(DiaryError) -> [EntryRecord] {
        let context = makeContext()
        // One lookup says when the next entry is due; the trash itself is read only then.
        if let known = try nextPurge(in: context), known.map({ $0 > now }) ?? true { return [] }
        let cutoff = now.addingTimeInterval(-Self.trashRetention)
        let trashed = try fetchTrashedEntries(in: context)
        let due = trashed.filter { ($0.trashedTime ?? now) <= cutoff }
        let next = trashed.compactMap(\.trashedTime).filter { $0 > cutoff }.min()
        try setNextPurge(next.map { $0.addingTimeInterval(Self.trashRetention) }, in: context)
        let records = try due.map { entry throws(DiaryError) in try record(of: entry) }
        due.forEach(context.delete)
        if context.hasChanges { try DiaryError.wrapping(databaseURL) { try context.save() } }
        return records
    }

    /// Marks for deletion, in `context`, the trashed entries whose time there is over.
    private func deleteExpiredTrash(in context: ManagedObjectContext, now: Date) throws(DiaryError) {
        let cutoff = now.addingTimeInterval(-Self.trashRetention)
        for entry in try fetchTrashedEntries(in: context) where (entry.trashedTime ?? now) <= cutoff {
            context.delete(entry)
        }
    }
}
