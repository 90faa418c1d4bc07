import Foundation

/// One stored entry as plain values, for printing and scripts: its short id and the
/// entry's snapshot, whose fields read directly (`record.text`, `record.tags`,
/// `record.creationTime`, times at millisecond precision). Everything `diary show --json`
/// prints is here.
@dynamicMemberLookup
public struct EntryRecord: Sendable, Hashable {
    /// The short number shown as `#42`: the entry's permanent key in the store.
    public var id: Int64
    /// The entry, tags sorted case-insensitively, media in order with their blob files as
    /// `sourceURL`: ready for ``BundleWriter``.
    public var snapshot: EntrySnapshot

    /// Makes a record.
    public init(id: Int64, snapshot: EntrySnapshot) {
        self.id = id
        self.snapshot = snapshot
    }

    /// Any field of the snapshot: `uuid`, `creationTime`, `updateTime`, `text`, `tags`, `starred`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<EntrySnapshot, Value>) -> Value {
        snapshot[keyPath: keyPath]
    }

    /// The media in order, numbered from 1.
    public var media: [MediumRecord] {
        snapshot.media.enumerated().map { MediumRecord(index: $0.offset + 1, snapshot: $0.element) }
    }
}
