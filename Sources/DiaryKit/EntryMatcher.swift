import Foundation

/// An ``EntryFilter`` evaluated in memory against loaded entries: the same conditions as
/// its store predicate, cheapest checks first.
struct EntryMatcher {
    let filter: EntryFilter
    let start: Date?
    let end: Date?

    init(filter: EntryFilter, timeZone: TimeZone) {
        self.filter = filter
        (start, end) = filter.period?.interval(in: timeZone) ?? (nil, nil)
    }

    func matches(_ entry: DiaryEntry) -> Bool {
        guard let created = entry.creationTime else { return false }
        if let start, created < start { return false }
        if let end, created >= end { return false }
        if let starred = filter.starred, entry.starred != starred { return false }
        if let text = filter.text, !text.isEmpty {
            guard let body = entry.text,
                  body.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil else { return false }
        }
        if let hasMedia = filter.hasMedia, entry.media.isEmpty == hasMedia { return false }
        if let tag = filter.normalizedTag, !entry.tags.contains(where: { Tag.normalized($0.name) == tag }) {
            return false
        }
        return true
    }
}
