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
    /// When the entry was written on the clock of its own zone, as a floating instant
    /// (``EntryZone``): what it is listed, grouped and shown by.
    public var localTime: Date

    /// Makes a record; without `localTime`, the creation time on the clock of the zone the
    /// snapshot names (the process's zone when it names none).
    public init(id: Int64, snapshot: EntrySnapshot, localTime: Date? = nil) {
        self.id = id
        self.snapshot = snapshot
        self.localTime =
            localTime
            ?? EntryZone.floating(
                snapshot.creationTime,
                in: EntryZone.named(snapshot.timeZone) ?? TimeZone.current)
    }

    /// The local day the entry was written on, in its own zone.
    public var localDay: DiaryDay { EntryZone.day(ofFloating: localTime) }

    /// Seconds east of UTC of the entry's own clock when it was written.
    /// Zero for a store edited by hand into times no clock can hold.
    public var ownOffset: Int {
        let seconds = (localTime.timeIntervalSince1970 - snapshot.creationTime.timeIntervalSince1970).rounded()
        return seconds.isFinite && abs(seconds) <= 86_400 ? Int(seconds) : 0
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
