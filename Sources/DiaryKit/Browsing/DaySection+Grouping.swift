import Foundation

extension DaySection {
    /// `entries`, already in a listing's order, cut into sections wherever the local day (each
    /// entry's own, ``EntryRecord/localDay``) changes: the grouping of entries that come as a list (search results, the
    /// trash), where ``Diary/daySections(_:)`` groups a query's entries in the store.
    public static func grouping(_ entries: [EntryRecord]) -> [DaySection] {
        var sections: [DaySection] = []
        for entry in entries {
            let day = entry.localDay
            if sections.last?.day == day {
                sections[sections.count - 1].entries.append(entry)
            } else {
                sections.append(DaySection(day: day, entries: [entry]))
            }
        }
        return sections
    }
}
