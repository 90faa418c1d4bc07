import Foundation
import ObjectGraph
import Testing

@testable import DiaryKit

/// The diary's model as the string API declared it before the port to typed classes: the
/// typed model must describe the same store, or every diary would need a migration.
///
/// Media bytes always live in the blob directory (`Diary.blobs/`), whatever their size;
/// thumbnails, the entry icon and waveform peaks are small and stay inline in SQLite.
enum StringDiaryModel {
    private typealias Entity = DiaryModel.Entity

    /// The model, built once. Building it cannot fail for this fixed description; a
    /// mistake in it is caught by the first test that opens a diary.
    static let shared: ManagedObjectModel = {
        do {
            return try ManagedObjectModel(
                entities: [entry, medium, image, audio, tag, setting, localSetting, settingChange]
                    + MirrorBookkeeping.entities(linkingTo: [Entity.entry, Entity.medium, Entity.tag, Entity.setting]))
        } catch {
            preconditionFailure("the diary model is invalid: \(error)")
        }
    }()

    fileprivate static let entry = EntityDescription(
        Entity.entry, managedObjectClass: DiaryEntry.self,
        attributes: [
            AttributeDescription("uuid", .uuid, isOptional: false),
            AttributeDescription("text", .string, isSearchable: true),
            AttributeDescription("starred", .boolean, isOptional: false, defaultValue: false),
            AttributeDescription("icon", .binary),
            AttributeDescription("creationTime", .date, isOptional: false, isIndexed: true),
            AttributeDescription("updateTime", .date, isOptional: false),
            // The IANA time zone the entry was written in (Day One records one per entry).
            AttributeDescription("timeZone", .string, maxLength: 64),
            // The creation time on the clock of that zone, as a floating instant.
            AttributeDescription("localTime", .date, isIndexed: true),
            // When the entry was moved to the trash; nil for an entry in the diary. Listings,
            // search, the calendar, tags and exports leave trashed entries out.
            AttributeDescription("trashedTime", .date),
            // Where the entry was written: a name a person reads, and WGS 84 degrees.
            AttributeDescription("placeName", .string, maxLength: 256),
            AttributeDescription("placeLatitude", .double, minValue: -90, maxValue: 90),
            AttributeDescription("placeLongitude", .double, minValue: -180, maxValue: 180)
        ],
        relationships: [
            RelationshipDescription(
                "media", destination: Entity.medium, inverse: "diaryEntry",
                isToMany: true, deleteRule: .cascade),
            RelationshipDescription(
                "tags", destination: Entity.tag, inverse: "entries",
                isToMany: true, deleteRule: .nullify)
        ],
        uniquenessConstraints: [["uuid"]])

    fileprivate static let medium = EntityDescription(
        Entity.medium, managedObjectClass: Medium.self, isAbstract: true,
        attributes: [
            AttributeDescription("data", .binary, allowsExternalStorage: true),
            AttributeDescription("mimeType", .string, isOptional: false),
            AttributeDescription("byteCount", .integer64, isOptional: false, minValue: 0),
            // 64 lower-case hex digits, checked by `Medium`'s validation rather than a model
            // pattern: a pattern compiles an ICU regular expression whenever the model is
            // built, which every `diary` process paid for (about 2 ms) before doing anything.
            AttributeDescription("sha256", .string, isOptional: false),
            AttributeDescription("originalFileName", .string, isOptional: false),
            AttributeDescription("position", .integer32, isOptional: false, defaultValue: Int32(0), minValue: 0)
        ],
        relationships: [
            RelationshipDescription("diaryEntry", destination: Entity.entry, inverse: "media", deleteRule: .nullify)
        ])

    fileprivate static let image = EntityDescription(
        Entity.image, managedObjectClass: ImageMedium.self, parent: Entity.medium,
        attributes: [
            AttributeDescription("width", .integer32, isOptional: false, minValue: 1),
            AttributeDescription("height", .integer32, isOptional: false, minValue: 1),
            AttributeDescription(
                "orientation", .integer16, isOptional: false, defaultValue: Int16(1),
                minValue: 1, maxValue: 8),
            AttributeDescription("thumbnail", .binary),
            AttributeDescription("captureTime", .date, isIndexed: true),
            AttributeDescription("captureUTCOffset", .integer32, minValue: -18 * 3600, maxValue: 18 * 3600),
            AttributeDescription("captureUTCOffsetFromGPS", .boolean),
            AttributeDescription("latitude", .double, minValue: -90, maxValue: 90),
            AttributeDescription("longitude", .double, minValue: -180, maxValue: 180),
            AttributeDescription("altitude", .double),
            AttributeDescription("camera", .string, maxLength: 128),
            AttributeDescription("lens", .string, maxLength: 128)
        ])

    fileprivate static let audio = EntityDescription(
        Entity.audio, managedObjectClass: AudioMedium.self, parent: Entity.medium,
        attributes: [
            AttributeDescription("duration", .double, isOptional: false, minValue: 0),
            AttributeDescription("sampleRate", .integer32, isOptional: false, minValue: 1),
            AttributeDescription("channels", .integer16, isOptional: false, minValue: 1),
            AttributeDescription("waveform", .binary)
        ])

    fileprivate static let tag = EntityDescription(
        Entity.tag, managedObjectClass: Tag.self,
        attributes: [
            AttributeDescription("name", .string, isOptional: false, minLength: 1),
            // The name case-folded: unique, so "Travel" and "travel" are one tag even when two
            // processes create them at once.
            AttributeDescription("normalizedName", .string, isOptional: false, minLength: 1)
        ],
        relationships: [
            RelationshipDescription(
                "entries", destination: Entity.entry, inverse: "tags",
                isToMany: true, deleteRule: .nullify)
        ],
        uniquenessConstraints: [["name"], ["normalizedName"]])
}

extension StringDiaryModel {
    fileprivate static let setting = EntityDescription(
        Entity.setting, managedObjectClass: DiarySetting.self,
        attributes: [
            AttributeDescription("key", .string, isOptional: false, minLength: 1),
            AttributeDescription("value", .string, isOptional: false)
        ],
        uniquenessConstraints: [["key"]])
    fileprivate static let localSetting = EntityDescription(
        Entity.localSetting, managedObjectClass: LocalSetting.self,
        attributes: [
            AttributeDescription("key", .string, isOptional: false, minLength: 1),
            AttributeDescription("value", .string, isOptional: false)
        ],
        uniquenessConstraints: [["key"]])
    fileprivate static let settingChange = EntityDescription(
        Entity.settingChange, managedObjectClass: SettingChange.self,
        attributes: [
            AttributeDescription("key", .string, isOptional: false),
            AttributeDescription("value", .string),
            AttributeDescription("deviceName", .string, isOptional: false),
            AttributeDescription("time", .date, isOptional: false)
        ])
}

@Suite struct TypedDiaryModelTests {
    @Test func theTypedModelDescribesTheStoreTheStringModelDid() throws {
        let typed = DiaryModel.shared, plain = StringDiaryModel.shared
        #expect(typed.versionHash == plain.versionHash)
        #expect(ModelDescription(model: typed) == ModelDescription(model: plain))
        for entity in plain.entities {
            let other = try #require(typed.entity(named: entity.name))
            #expect(other.managedObjectClass == entity.managedObjectClass)
            #expect(
                other.isAbstract == entity.isAbstract && other.uniquenessConstraints == entity.uniquenessConstraints)
            #expect(other.allRelationships == entity.allRelationships)
            for (a, b) in zip(other.allAttributes, entity.allAttributes) {
                #expect(
                    a.name == b.name && a.type == b.type && a.isOptional == b.isOptional, "\(entity.name).\(b.name)")
                #expect(
                    a.minValue == b.minValue && a.maxValue == b.maxValue && a.minLength == b.minLength
                        && a.maxLength == b.maxLength && a.pattern == b.pattern, "\(entity.name).\(b.name)")
                #expect(
                    String(describing: a.defaultValue) == String(describing: b.defaultValue), "\(entity.name).\(b.name)"
                )
            }
        }
    }
}
