import Foundation

/// Which entries a query selects. Every condition that is set must hold.
public struct EntryFilter: Sendable, Hashable {
    /// A span of local time, or of instants.
    public enum Period: Sendable, Hashable {
        /// One local day.
        case day(DiaryDay)
        /// From the start of `from` to the end of `through`; an open end when nil.
        case days(from: DiaryDay?, through: DiaryDay?)
        /// One month.
        case month(CalendarMonth)
        /// One year.
        case year(CalendarYear)
        /// Exact instants: from `start` (included) to `end` (excluded); nil for an open end.
        case interval(start: Date?, end: Date?)
    }

    /// The span the entry falls in, or nil for any time: days, months and years on the clock of
    /// the zone each entry was written in (``EntryZone``), an interval in instants.
    public var period: Period?
    /// Only entries carrying at least one of these tags (compared case-insensitively);
    /// empty for any entry, tagged or not.
    public var tags: [String]
    /// Only entries carrying every one of these tags as well.
    public var requiredTags: [String] = []
    /// Only entries carrying none of these tags.
    public var excludedTags: [String] = []
    /// Only starred (true) or unstarred (false) entries.
    public var starred: Bool?
    /// Only entries with (true) or without (false) media.
    public var hasMedia: Bool?
    /// Only entries whose text contains this, ignoring case and diacritics.
    public var text: String?

    /// A filter; every condition is off unless given.
    public init(
        period: Period? = nil, tags: [String] = [], starred: Bool? = nil,
        hasMedia: Bool? = nil, text: String? = nil
    ) {
        self.period = period
        self.tags = tags
        self.starred = starred
        self.hasMedia = hasMedia
        self.text = text
    }
}

extension EntryFilter.Period {
    /// The instants the period covers in `timeZone`: start included, end excluded. In UTC, the
    /// bounds of a span of days are the floating instants (``EntryZone``) an entry's local time
    /// is compared with.
    public func interval(in timeZone: any TimeZoneRules) -> (start: Date?, end: Date?) {
        switch self {
        case .day(let day):
            return (day.start(in: timeZone), day.next.start(in: timeZone))
        case .days(let from, let through):
            return (from?.start(in: timeZone), through?.next.start(in: timeZone))
        case .month(let month):
            let whole = month.interval(in: timeZone)
            return (whole.start, whole.end)
        case .year(let year):
            let whole = year.interval(in: timeZone)
            return (whole.start, whole.end)
        case .interval(let start, let end):
            return (start, end)
        }
    }

    /// Whether the period is instants (`.interval`) rather than local days.
    var isInstants: Bool {
        if case .interval = self { return true }
        return false
    }
}
