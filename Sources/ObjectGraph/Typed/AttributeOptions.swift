/// Flags of an ``Attribute`` declaration: the string API's `isIndexed`, `isTransient`,
/// `allowsExternalStorage`, `isSearchable`, and uniqueness on its own (an entity's
/// ``EntityDescription/uniquenessConstraints`` entry of one name).
public struct AttributeOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Makes options from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The value is unique among the entity's stored objects (a uniqueness constraint of one key).
    public static let unique = AttributeOptions(rawValue: 1 << 0)
    /// The store keeps an index on the attribute.
    public static let indexed = AttributeOptions(rawValue: 1 << 1)
    /// The attribute lives only in memory: never stored, never validated as required.
    public static let transient = AttributeOptions(rawValue: 1 << 2)
    /// Binary values above the store's threshold live in files beside it.
    public static let externalStorage = AttributeOptions(rawValue: 1 << 3)
    /// The SQLite store keeps a full-text index of the (string) attribute.
    public static let searchable = AttributeOptions(rawValue: 1 << 4)
    /// When an object is deleted, its persistent history keeps this attribute's last value
    /// (Core Data's `preservesValueInHistoryOnDeletion`): the tombstone of the delete.
    public static let preservesValueInHistoryOnDeletion = AttributeOptions(rawValue: 1 << 5)
}
