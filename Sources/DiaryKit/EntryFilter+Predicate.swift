import Foundation
import ObjectGraph

extension EntryFilter {
    /// The filter as one store predicate (nil when it selects everything):
    /// `creationTime >= start AND creationTime < end AND starred == … AND
    /// ANY tags.name ==[c] … AND media.@count > 0 AND text CONTAINS[cd] …`.
    func predicate(in timeZone: any TimeZoneRules) -> FetchPredicate? {
        var parts: [FetchPredicate] = []
        func compare(_ path: [String], _ op: PredicateComparison.Operator, _ value: PredicateValue,
                     quantifier: PredicateComparison.Quantifier = .direct,
                     options: PredicateComparison.Options = []) {
            parts.append(.comparison(PredicateComparison(.keyPath(path), op, .constant(value),
                                                         quantifier: quantifier, options: options)))
        }
        if let period {
            let (start, end) = period.interval(in: timeZone)
            if let start { compare(["creationTime"], .greaterOrEqual, .date(start)) }
            if let end { compare(["creationTime"], .less, .date(end)) }
        }
        if let starred { parts.append(.equals("starred", .bool(starred))) }
        if let tag = normalizedTag {
            compare(["tags", "normalizedName"], .equal, .string(tag), quantifier: .any)
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

    /// The tag asked for, trimmed and case-folded; nil when none or empty.
    var normalizedTag: String? {
        guard let tag, !tag.isBlank else { return nil }
        return Tag.normalized(tag)
    }
}
