import Foundation

/// The entries of one local day, as a listing shows them under one heading.
public struct DaySection: Sendable, Hashable {
    /// The day.
    public var day: DiaryDay
    /// Its entries, in the listing's order.
    public var entries: [EntryRecord]

    /// Makes a section.
    public init(day: DiaryDay, entries: [EntryRecord]) {
        self.day = day
        self.entries = entries
    }
}
