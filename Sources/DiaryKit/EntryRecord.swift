import Foundation

/// One stored entry as plain values, for printing and scripts: what `diary show --json`
/// prints, field for field.
public struct EntryRecord: Sendable, Hashable {
    /// The short number shown as `#42`: the entry's permanent key in the store.
    public var id: Int64
    /// The identity that survives export and import.
    public var uuid: UUID
    /// When the entry was created (stored in UTC).
    public var creationTime: Date
    /// When the entry was last changed.
    public var updateTime: Date
    /// The text, if any.
    public var text: String?
    /// Tag names, sorted case-insensitively.
    public var tags: [String]
    /// Whether the entry is starred.
    public var starred: Bool
    /// The media in order; `media[i].index == i + 1`.
    public var media: [MediumRecord]

    /// Makes a record.
    public init(id: Int64, uuid: UUID, creationTime: Date, updateTime: Date, text: String?,
                tags: [String], starred: Bool, media: [MediumRecord]) {
        self.id = id
        self.uuid = uuid
        self.creationTime = creationTime
        self.updateTime = updateTime
        self.text = text
        self.tags = tags
        self.starred = starred
        self.media = media
    }

    /// The entry as a bundle snapshot whose media point at their blob files, ready for
    /// ``BundleWriter``.
    public var snapshot: EntrySnapshot {
        EntrySnapshot(uuid: uuid, creationTime: creationTime, updateTime: updateTime, text: text,
                      tags: tags, starred: starred, media: media.map(\.snapshot))
    }
}
