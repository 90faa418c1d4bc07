import Foundation

extension EntryRecord {
    /// The wall clock the entry is dated by: its own zone's (``localTime``) when `ownClock`, else
    /// `readerZone`'s, as a store lacking local times counts days (``Diary/dayKey(readerZone:)``).
    /// What the book and the Markdown export group entries under, in the order paging gives them.
    package func clock(ownClock: Bool, readerZone: any TimeZoneRules) -> WallClockTime {
        ownClock
            ? WallClockTime(localTime, in: FixedOffset(seconds: 0))
            : WallClockTime(snapshot.creationTime, in: readerZone)
    }
}
