import Foundation

/// What the persistent history keeps of a deleted object (Core Data's tombstone): the last
/// values of its attributes marked ``AttributeDescription/preservesValueInHistoryOnDeletion``,
/// so a reader of the history (a sync mirror) knows which object went, by values that outlive
/// its row, such as a UUID.
public struct PersistentHistoryTombstone: Sendable, Hashable {
    /// The values by attribute name, as stored.
    let values: [String: StoredValue]

    init(values: [String: StoredValue]) {
        self.values = values
    }

    /// The names of the attributes kept.
    public var keys: [String] { values.keys.sorted() }

    /// The value kept for attribute `key`: a `String`, `Int64` (every integer attribute),
    /// `Double`, `Bool`, `Date` or `UUID`; nil when the attribute was nil or is not kept.
    public subscript(key: String) -> (any Sendable)? {
        switch values[key] {
        case .string(let text): text
        case .integer(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .date(let date): date
        case .uuid(let uuid): uuid
        case .data(let data): data
        case .none, .null, .blob, .file, .staged, .deferred: nil
        }
    }

    /// The tombstone of a row of `entity` whose attributes (in ``EntityDescription/allAttributes``
    /// order) are `attributes`: nil when the entity keeps none.
    static func of(_ entity: EntityDescription, attributes: (Int) -> StoredValue?) -> PersistentHistoryTombstone? {
        var values: [String: StoredValue] = [:]
        for (index, attribute) in entity.allAttributes.enumerated() where attribute.preservesValueInHistoryOnDeletion {
            values[attribute.name] = attributes(index) ?? .null
        }
        return values.isEmpty ? nil : PersistentHistoryTombstone(values: values)
    }

    /// Whether `entity` keeps any attribute's value on deletion.
    static func isKept(by entity: EntityDescription) -> Bool {
        entity.allAttributes.contains(where: \.preservesValueInHistoryOnDeletion)
    }
}

/// A tombstone as history records keep it: the deleted row's key and the values.
struct HistoryTombstone: Sendable, Hashable, Codable {
    var key: Int64
    var values: [String: StoredValue]
}
