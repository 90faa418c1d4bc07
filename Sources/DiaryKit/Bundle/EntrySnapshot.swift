import Foundation

/// One diary entry as plain values: what a bundle holds and what an import yields.
///
/// Independent of the object graph, so export and import can be tested and run without
/// a store; the diary layer converts to and from its managed objects.
public struct EntrySnapshot: Sendable, Hashable {
    /// The identity that survives export and import.
    public var uuid: UUID
    /// When the entry was created.
    public var creationTime: Date
    /// When the entry was last changed.
    public var updateTime: Date
    /// The entry's text, if it has any.
    public var text: String?
    /// Tag names, in the order they are shown.
    public var tags: [String]
    /// Whether the entry is starred.
    public var starred: Bool
    /// The media in the order they are shown.
    public var media: [MediumSnapshot]
    /// The IANA identifier of the time zone the entry was written in, when known.
    /// Kept in the store; bundles and exports do not carry it yet.
    public var timeZone: String?
    /// Where the entry was written, when known (Day One records it).
    public var place: EntryPlace?

    /// Makes a snapshot.
    public init(
        uuid: UUID, creationTime: Date, updateTime: Date, text: String? = nil,
        tags: [String] = [], starred: Bool = false, media: [MediumSnapshot] = [], timeZone: String? = nil,
        place: EntryPlace? = nil
    ) {
        self.uuid = uuid
        self.creationTime = creationTime
        self.updateTime = updateTime
        self.text = text
        self.tags = tags
        self.starred = starred
        self.media = media
        self.timeZone = timeZone
        self.place = place
    }
}
