import Foundation
import ObjectGraph

/// `diary config`: settings kept in the store, synced per key (last writer wins) unless kept on
/// this device, and what another device changed said once.
extension Diary {
    /// The value of `key` here: this device's own, else the synced one.
    package func setting(_ key: DiarySettingKey) throws(DiaryError) -> String? {
        try DiaryError.wrapping(databaseURL) {
            let context = makeBrowsingContext()
            if let local = try find(LocalSetting.self, Entity.localSetting, key.rawValue, in: context) {
                return local.value
            }
            return try find(DiarySetting.self, Entity.setting, key.rawValue, in: context)?.value
        }
    }

    /// Every setting set, by key (this device's own over a synced one).
    package func settings() throws(DiaryError) -> [DiarySettingValue] {
        try DiaryError.wrapping(databaseURL) {
            let context = makeBrowsingContext()
            var values: [String: DiarySettingValue] = [:]
            for setting in try context.fetch(FetchRequest(DiarySetting.self, entityName: Entity.setting)) {
                values[setting.key] = DiarySettingValue(key: setting.key, value: setting.value, isLocal: false)
            }
            // The device's own bookkeeping (when the trash is next due) is no setting.
            for setting in try context.fetch(FetchRequest(LocalSetting.self, entityName: Entity.localSetting))
            where DiarySettingKey(rawValue: setting.key) != nil {
                values[setting.key] = DiarySettingValue(key: setting.key, value: setting.value, isLocal: true)
            }
            return values.values.sorted { $0.key < $1.key }
        }
    }

    /// Sets `key` to `value` (checked), on this device only when `local` (nil: as the key
    /// does by default); a synced value replaces this device's own of the same key.
    /// - Throws: ``DiaryError/invalidSetting(key:reason:)``; store errors.
    package func setSetting(_ key: DiarySettingKey, to value: String, local: Bool?) throws(DiaryError) {
        let checked = try key.checked(value)
        let isLocal = local ?? key.isLocalByDefault
        try DiaryError.wrapping(databaseURL) {
            let context = makeContext()
            if isLocal {
                let setting =
                    try find(LocalSetting.self, Entity.localSetting, key.rawValue, in: context)
                    ?? context.insert(LocalSetting.self)
                setting.key = key.rawValue
                setting.value = checked
            } else {
                if let local = try find(LocalSetting.self, Entity.localSetting, key.rawValue, in: context) {
                    context.delete(local)
                }
                let setting =
                    try find(DiarySetting.self, Entity.setting, key.rawValue, in: context)
                    ?? context.insert(DiarySetting.self)
                setting.key = key.rawValue
                if setting.value != checked || setting.isInserted { setting.value = checked }
            }
            if context.hasChanges { try context.save() }
        }
    }

    /// Removes `key` (this device's own and the synced one).
    package func unsetSetting(_ key: DiarySettingKey) throws(DiaryError) {
        try DiaryError.wrapping(databaseURL) {
            let context = makeContext()
            if let local = try find(LocalSetting.self, Entity.localSetting, key.rawValue, in: context) {
                context.delete(local)
            }
            if let synced = try find(DiarySetting.self, Entity.setting, key.rawValue, in: context) {
                context.delete(synced)
            }
            if context.hasChanges { try context.save() }
        }
    }

    /// The settings other devices changed since the last command here, oldest first, forgotten
    /// as they are given (so each is said once). Nothing is written when there are none.
    package func takeSettingNotices() throws(DiaryError) -> [DiarySettingNotice] {
        try DiaryError.wrapping(databaseURL) {
            let context = makeContext()
            let changes = try context.fetch(
                FetchRequest(
                    SettingChange.self, entityName: Entity.settingChange,
                    sortOrderings: [SortOrdering("time")]))
            guard !changes.isEmpty else { return [] }
            let notices = changes.map {
                DiarySettingNotice(key: $0.key, value: $0.value, deviceName: $0.deviceName, time: $0.time)
            }
            for change in changes { context.delete(change) }
            try context.save()
            return notices
        }
    }

    /// Records, in the mirror's context, that another device set or unset a synced setting.
    static func noteSettingChange(_ object: ManagedObject, deviceName: String, date: Date, isDeletion: Bool) {
        guard let setting = object as? DiarySetting, let context = object.managedObjectContext,
            let change = try? context.insert(SettingChange.self)
        else { return }
        change.key = setting.key
        change.value = isDeletion ? nil : setting.value
        change.deviceName = deviceName
        change.time = date
    }

    private typealias Entity = DiaryModel.Entity

    private func find<T: ManagedObject>(
        _ type: T.Type, _ entity: String, _ key: String,
        in context: ManagedObjectContext
    ) throws -> T? {
        try context.fetch(FetchRequest(T.self, entityName: entity, predicate: .equals("key", .string(key)))).first
    }
}
