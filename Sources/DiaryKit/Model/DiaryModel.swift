import Foundation
import ObjectGraph

/// The diary's object model: entries, their media (photos and recordings) and tags.
///
/// Media bytes always live in the blob directory (`Diary.blobs/`), whatever their size;
/// thumbnails, the entry icon and waveform peaks are small and stay inline in SQLite.
enum DiaryModel {
    /// Entity names, spelled once.
    enum Entity {
        static let entry = "DiaryEntry"
        static let medium = "Medium"
        static let image = "ImageMedium"
        static let audio = "AudioMedium"
        static let tag = "Tag"
        static let setting = "Setting"
        static let localSetting = "LocalSetting"
        static let settingChange = "SettingChange"
    }

    /// The model, built once from the entity classes (each property declared once, in the
    /// class). Building it cannot fail for this fixed description; a mistake in it is caught by
    /// the first test that opens a diary.
    static let shared: ManagedObjectModel = {
        do {
            return try ManagedObjectModel(
                entities: [
                    EntityDescription(DiaryEntry.self, name: Entity.entry),
                    EntityDescription(Medium.self, name: Entity.medium, isAbstract: true),
                    EntityDescription(ImageMedium.self, name: Entity.image),
                    EntityDescription(AudioMedium.self, name: Entity.audio),
                    EntityDescription(Tag.self, name: Entity.tag),
                    EntityDescription(DiarySetting.self, name: Entity.setting),
                    EntityDescription(LocalSetting.self, name: Entity.localSetting),
                    EntityDescription(SettingChange.self, name: Entity.settingChange)
                ] + MirrorBookkeeping.entities(linkingTo: [Entity.entry, Entity.medium, Entity.tag, Entity.setting]))
        } catch {
            preconditionFailure("the diary model is invalid: \(error)")
        }
    }()
}
