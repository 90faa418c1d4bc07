import Foundation
import ObjectGraph

extension EntryFilter {
    /// The filter as one store predicate (nil when it selects everything):
    /// `<days.key> >= start AND <days.key> < end` (each entry's `localTime` in UTC, ``Diary/dayKey(readerZone:)``;
    /// `creationTime` for an interval of instants) `AND starred == … AND
    /// ANY tags.normalizedName IN {…} AND ANY tags.normalizedName == <each required> AND
    /// NONE tags.normalizedName IN {<excluded>} AND media.@count > 0 AND text CONTAINS[cd] …`.
    func predicate(days: (key: String, zone: any TimeZoneRules)) -> FetchPredicate? {
        var parts: [FetchPredicate] = []
        func compare(
            _ path: [String], _ op: PredicateComparison.Operator, _ value: PredicateValue,
            quantifier: PredicateComparison.Quantifier = .direct,
            options: PredicateComparison.Options = []
        ) {
            parts.append(
                .comparison(
                    PredicateComparison(
                        .keyPath(path), op, .constant(value),
                        quantifier: quantifier, options: options)))
        }
        if let period {
            // Local days on `days.key` read in `days.zone`; an interval in instants.
            let (key, zone) = period.isInstants ? ("creationTime", days.zone) : days
            let (start, end) = period.interval(in: zone)
            if let start { compare([key], .greaterOrEqual, .date(start)) }
            if let end { compare([key], .less, .date(end)) }
        }
        if let starred { parts.append(.equals("starred", .bool(starred))) }
        let tags = Self.normalized(self.tags)
        for tag in Self.normalized(requiredTags) {
            compare(["tags", "normalizedName"], .equal, .string(tag), quantifier: .any)
        }
        let excluded = Self.normalized(excludedTags)
        if !excluded.isEmpty {
            compare(["tags", "normalizedName"], .in, .array(excluded.map(PredicateValue.string)), quantifier: .none)
        }
        if tags.count == 1 {
            compare(["tags", "normalizedName"], .equal, .string(tags[0]), quantifier: .any)
        } else if !tags.isEmpty {
            compare(["tags", "normalizedName"], .in, .array(tags.map(PredicateValue.string)), quantifier: .any)
        }
        if let hasMedia { compare(["media", "@count"], hasMedia ? .greater : .equal, .integer(0)) }
        if let text, !text.isEmpty {
            compare(["text"], .contains, .string(text), options: [.caseInsensitive, .diacriticInsensitive])
        }
        switch parts.count {
        case 0: return nil
        case 1: return parts[0]
        default: return .and(parts)
        }
    }

    /// Tag names as asked for, trimmed, without a leading `#` or `@` (people copy what listings
    /// show), case-folded, blank ones left out, each once.
    static func normalized(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.map(EntryEditor.tagName(fromOption:)).filter { !$0.isBlank }.map(Tag.normalized)
            .filter { seen.insert($0).inserted }
    }
}
