import Foundation
import ObjectGraph

/// When this device's trash next has an entry due, kept so that a writing command can tell in
/// one lookup that nothing is due: finding the trashed entries reads every entry (`trashedTime`
/// is not indexed, see ``DiaryEntry``), 40 ms of every `new` in a 100,000-entry diary.
extension Diary {
    /// The device's own setting that holds it: seconds since 1970, or `never`. Not a `config` key.
    static let nextPurgeKey = "trash.next-purge"

    /// When the next trashed entry is due: `.some(nil)` when the trash is empty, nil when unknown
    /// (a store from before this was kept, or changed by a sync since).
    func nextPurge(in context: ManagedObjectContext) throws(DiaryError) -> Date?? {
        guard let setting = try purgeSetting(in: context) else { return nil }
        if setting.value == "never" { return .some(nil) }
        guard let seconds = Double(setting.value) else { return nil }
        return .some(Date(timeIntervalSince1970: seconds))
    }

    /// Records when the next trashed entry is due (nil: the trash is empty), in `context`.
    func setNextPurge(_ date: Date?, in context: ManagedObjectContext) throws(DiaryError) {
        let value = date.map { String($0.timeIntervalSince1970) } ?? "never"
        if let setting = try purgeSetting(in: context) {
            if setting.value != value { setting.value = value }
            return
        }
        let setting = try DiaryError.wrapping(databaseURL) {
            try context.insertObject(entityName: DiaryModel.Entity.localSetting) as? LocalSetting
        }
        setting?.key = Self.nextPurgeKey
        setting?.value = value
    }

    /// Forgets when the next entry is due (a sync may have brought trashed entries): the next
    /// purge looks at the whole trash again.
    func forgetNextPurge() throws(DiaryError) {
        let context = makeContext()
        guard let setting = try purgeSetting(in: context) else { return }
        context.delete(setting)
        try DiaryError.wrapping(databaseURL) { try context.save() }
    }

    private func purgeSetting(in context: ManagedObjectContext) throws(DiaryError) -> LocalSetting? {
        try DiaryError.wrapping(databaseURL) {
            try context.fetch(
                FetchRequest(
                    LocalSetting.self, entityName: DiaryModel.Entity.localSetting,
                    predicate: .equals("key", .string(Self.nextPurgeKey)))
            ).first
        }
    }
}
