import Foundation

/// One attribute of an entity: its name, type, optionality, default and rules.
///
/// ```swift
/// AttributeDescription("lineNum", .integer16, isOptional: false, minValue: 1, maxValue: 4)
/// AttributeDescription("text", .string, maxLength: 10_000, isSearchable: true)
/// ```
public struct AttributeDescription: Sendable {
    /// The attribute's name, unique among the entity's properties (inherited ones included).
    public var name: String
    /// The value type.
    public var type: AttributeType
    /// Whether nil is allowed when saving.
    public var isOptional: Bool
    /// The value a newly inserted object starts with (must match ``type``), or nil.
    public var defaultValue: (any Sendable)?
    /// Transient attributes live only in memory: never stored, never validated as required.
    public var isTransient: Bool
    /// Whether the store keeps an index on the attribute.
    public var isIndexed: Bool
    /// For binary attributes: values above the store's threshold live in files beside it.
    public var allowsExternalStorage: Bool
    /// For string attributes: the SQLite store keeps an FTS5 index of it for ``FetchRequest/fullTextSearch``.
    public var isSearchable: Bool
    /// Whether a deleted object's persistent history change keeps this attribute's value, in
    /// its ``PersistentHistoryChange/tombstone`` (not binary attributes). Not part of the
    /// model's version hash: it changes what history records, not what the store holds.
    public var preservesValueInHistoryOnDeletion: Bool
    /// Smallest allowed value for numeric attributes.
    public var minValue: Double?
    /// Largest allowed value for numeric attributes.
    public var maxValue: Double?
    /// Earliest allowed date for date attributes.
    public var minDate: Date?
    /// Latest allowed date for date attributes.
    public var maxDate: Date?
    /// Smallest allowed length of string attributes, in Swift `Character`s (what a person
    /// counts: "👍🏽" and "é" are one each), not in UTF-16 units as Core Data's `NSString.length`.
    public var minLength: Int?
    /// Largest allowed length of string attributes, in `Character`s (see ``minLength``).
    public var maxLength: Int?
    /// A regular expression a string value must match as a whole.
    public var pattern: String?
    /// The attribute's name in the previous model version, for migration.
    public var renamingIdentifier: String?
    /// A derived attribute's expression in the predicate language (Core Data's
    /// `NSDerivedAttributeDescription`): a key path through to-one relationships
    /// (`folder.name`), a count (`tags.@count`) or an aggregate (`items.@sum.price`), computed
    /// at every save of an inserted or updated object, before validation, and stored like any
    /// value (so fetches, sorts and indexes see it). Nil for an attribute set by hand.
    public var derivation: String?

    /// Describes an attribute; every rule is off unless given.
    public init(
        _ name: String, _ type: AttributeType, isOptional: Bool = true,
        defaultValue: (any Sendable)? = nil, isTransient: Bool = false, isIndexed: Bool = false,
        allowsExternalStorage: Bool = false, isSearchable: Bool = false,
        preservesValueInHistoryOnDeletion: Bool = false,
        minValue: Double? = nil, maxValue: Double? = nil,
        minDate: Date? = nil, maxDate: Date? = nil,
        minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
        renamingIdentifier: String? = nil, derivation: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.isIndexed = isIndexed
        self.allowsExternalStorage = allowsExternalStorage
        self.isSearchable = isSearchable
        self.preservesValueInHistoryOnDeletion = preservesValueInHistoryOnDeletion
        self.minValue = minValue
        self.maxValue = maxValue
        self.minDate = minDate
        self.maxDate = maxDate
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.renamingIdentifier = renamingIdentifier
        self.derivation = derivation
    }
}
