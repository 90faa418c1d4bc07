import Foundation

/// The two entities a mirror keeps its bookkeeping in, inside the mirrored store itself (as
/// Core Data's CloudKit mirroring keeps its metadata tables beside the model's), so that applying
/// another device's change and recording it are one transaction, and an encrypted store keeps
/// them encrypted:
///
/// - `ObjectGraphMirrorRecord`, one per mirrored object (and per deleted one, as a tombstone):
///   its identity across devices, its entity, whether it changed since the last change set, whether
///   it is a tombstone, its
///   clock (``MirrorObjectClock``, JSON), and a to-one link to the object, one relationship per
///   root entity (`link_<Root>`, no inverse). The store nulls the link when the object's row
///   goes, which is how a deletion made here is found.
/// - `ObjectGraphMirrorSetting`: name and value pairs (the remote, this device, the sync key,
///   the clock, the history token, what was applied of each device).
public enum MirrorBookkeeping {
    /// The entity of per-object records.
    public static let recordEntity = "ObjectGraphMirrorRecord"
    /// The entity of settings.
    public static let settingEntity = "ObjectGraphMirrorSetting"

    /// The entities to add to a model whose root entities `roots` are mirrored.
    public static func entities(linkingTo roots: [String]) -> [EntityDescription] {
        [
            EntityDescription(
                recordEntity,
                attributes: [
                    AttributeDescription("identity", .string, isOptional: false),
                    AttributeDescription("entityName", .string, isOptional: false),
                    AttributeDescription("pending", .boolean, isOptional: false, defaultValue: false, isIndexed: true),
                    AttributeDescription("isGone", .boolean, isOptional: false, defaultValue: false, isIndexed: true),
                    AttributeDescription("clock", .binary, isOptional: false)
                ], relationships: roots.map { RelationshipDescription(linkKey($0), destination: $0, inverse: nil) },
                uniquenessConstraints: [["identity"]]),
            EntityDescription(
                settingEntity,
                attributes: [
                    AttributeDescription("name", .string, isOptional: false),
                    AttributeDescription("value", .string, isOptional: false)
                ], uniquenessConstraints: [["name"]])
        ]
    }

    /// The record's relationship to objects of root entity `root`.
    static func linkKey(_ root: String) -> String { "link_" + root }

    /// Whether `entity` is one of the mirror's own.
    static func isBookkeeping(_ entity: String) -> Bool {
        entity == recordEntity || entity == settingEntity
    }
}
