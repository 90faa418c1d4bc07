import Foundation
import ObjectGraph

extension Diary {
    /// Deletes entry `id` with its media; their blob files are removed once the deletion is
    /// committed, unless another medium still uses the same file.
    /// - Returns: the entry as it was.
    /// - Throws: ``DiaryError/unknownEntry(id:)``; store errors.
    @discardableResult
    public func deleteEntry(id: Int64) throws(DiaryError) -> EntryRecord {
        try deleteEntries(ids: [id])[0]
    }

    /// Deletes several entries in one transaction: all of them or, when one id is unknown,
    /// none.
    /// - Returns: the entries as they were, in the order of `ids`.
    /// - Throws: ``DiaryError/unknownEntry(id:)``; store errors.
    @discardableResult
    public func deleteEntries(ids: [Int64]) throws(DiaryError) -> [EntryRecord] {
        let context = makeContext()
        var records: [EntryRecord] = []
        for id in ids {
            let entry = try fetchEntry(id, in: context)
            records.append(try record(of: entry))
            context.delete(entry)
        }
        try DiaryError.wrapping(databaseURL) { try context.save() }
        return records
    }
}
