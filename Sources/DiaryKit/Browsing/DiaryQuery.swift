import Foundation

/// A listing of entries: which ones, in what order, how many, and the reader's time zone.
public struct DiaryQuery: Sendable, Hashable {
    /// Which entries.
    public var filter: EntryFilter
    /// Newest first (the default) or oldest first, by each entry's own local time.
    public var newestFirst: Bool
    /// At most this many entries, or nil for all.
    public var limit: Int?
    /// The reader's zone (the user's by default): days are each entry's own (``EntryZone``), so
    /// this counts them only in a store lacking local times (``Diary/dayKey(readerZone:)``).
    public var timeZone: any TimeZoneRules

    /// A query; by default every entry, newest first, in the current time zone.
    public init(
        filter: EntryFilter = EntryFilter(), newestFirst: Bool = true, limit: Int? = nil,
        timeZone: any TimeZoneRules = TimeZone.current
    ) {
        self.filter = filter
        self.newestFirst = newestFirst
        self.limit = limit
        self.timeZone = timeZone
    }
}

extension DiaryQuery {
    /// Queries are equal when they select the same entries in the same order in zones of the same name.
    public static func == (lhs: DiaryQuery, rhs: DiaryQuery) -> Bool {
        lhs.filter == rhs.filter && lhs.newestFirst == rhs.newestFirst && lhs.limit == rhs.limit
            && lhs.timeZone.identifier == rhs.timeZone.identifier
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(filter)
        hasher.combine(newestFirst)
        hasher.combine(limit)
        hasher.combine(timeZone.identifier)
    }
}
