import Foundation
import Synchronization

/// How a ``FetchedResultsController`` names the section of an object: from the value of one
/// key path (`sourceKey`), either as is or through a function of it, such as the local day
/// of a date. The fetch request's first sort key must be `sourceKey`, so that sections come
/// out in order; the function must keep that order (equal names for a run of values).
public struct SectionKey: Sendable {
    /// The key path whose value names the section; the first sort key must be this.
    public let sourceKey: String
    private let name: @Sendable (PredicateValue) -> String

    /// The section name of a value of `sourceKey`.
    func sectionName(for value: PredicateValue) -> String { name(value) }

    /// Sections named by `function` of the value of `sourceKey`.
    public static func derived(
        from sourceKey: String, _ function: @escaping @Sendable (PredicateValue) -> String
    ) -> SectionKey {
        SectionKey(sourceKey: sourceKey, name: function)
    }

    /// Sections named by the value of `keyPath` itself (`""` for nil), as Core Data names them
    /// by the value's description: a Bool is `0` or `1`, a whole Double has no fraction (`3`,
    /// `3.5`), a date is ISO 8601 (Core Data writes `2026-03-29 12:00:00 +0000`).
    public static func keyPath(_ keyPath: String) -> SectionKey {
        derived(from: keyPath) { value in
            switch value {
            case .null, .array: ""
            case .string(let text): text
            case .integer(let number): String(number)
            case .double(let number):
                number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .bool(let flag): flag ? "1" : "0"
            case .date(let date): date.formatted(.iso8601)
            case .uuid(let uuid): uuid.uuidString
            case .data(let data): data.base64EncodedString()
            case .object(let id): id.description
            }
        }
    }

    /// Sections by the local calendar day (`2026-03-29`, proleptic Gregorian) of date
    /// attribute `dateKey` in `timeZone`, daylight-saving changes included; `""` for nil or for
    /// a time no calendar can place (beyond ±300,000 years).
    public static func localDay(of dateKey: String, in timeZone: TimeZone = .current) -> SectionKey {
        localDay(of: dateKey, offsetFromUTC: { timeZone.secondsFromGMT(for: $0) })
    }

    /// Sections by the local calendar day of date attribute `dateKey`, where `offsetFromUTC`
    /// gives the zone's offset in seconds at each instant (a zone that is not a Foundation one).
    public static func localDay(of dateKey: String, offsetFromUTC: @escaping @Sendable (Date) -> Int) -> SectionKey {
        derived(from: dateKey) { value in
            guard case .date(let date) = value else { return "" }
            let seconds = date.timeIntervalSince1970
            guard seconds.isFinite, abs(seconds) < 1e13 else { return "" }
            let local = Int(seconds.rounded(.down)) + offsetFromUTC(date)
            let (year, month, day) = ProlepticGregorian.date(
                daysSince1970: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
            return zeroPadded(year, 4) + "-" + zeroPadded(month, 2) + "-" + zeroPadded(day, 2)
        }
    }

    private static func zeroPadded(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return number < 0 ? "-" + padded : padded
    }

    /// The section name of `object`, through `cache` when there is one.
    func sectionName(of object: ManagedObject, cache: SectionNameCache?) -> String {
        let value = SortOrdering(sourceKey).sortKey(of: object)
        guard let cache else { return name(value) }
        return cache.name(for: value) { name($0) }
    }
}

/// Section names already derived, by source value, shared by the controllers of one cache
/// name (see ``FetchedResultsController/deleteCache(named:)``).
final class SectionNameCache: Sendable {
    private let names = Mutex<[PredicateValue: String]>([:])
    private static let named = Mutex<[String: SectionNameCache]>([:])

    /// The cache of `name`, made on first use.
    static func cache(named name: String) -> SectionNameCache {
        named.withLock { caches in
            if let cache = caches[name] { return cache }
            let cache = SectionNameCache()
            caches[name] = cache
            return cache
        }
    }

    /// Forgets the cache of `name`.
    static func delete(named name: String) {
        _ = named.withLock { $0.removeValue(forKey: name) }
    }

    func name(for value: PredicateValue, derive: (PredicateValue) -> String) -> String {
        if let known = names.withLock({ $0[value] }) { return known }
        let name = derive(value)
        names.withLock { $0[value] = name }
        return name
    }

    var count: Int { names.withLock { $0.count } }
}
