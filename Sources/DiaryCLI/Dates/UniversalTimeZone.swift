import DiaryKit
import Foundation

/// UTC under the IANA name it was found by (`Etc/UTC`, `UTC`, `Etc/GMT`, `GMT`): the offset is
/// 0 at every date, so no zone data is read. Foundation's `TimeZone` for the same name gives the
/// same offsets and identifier, but making the first one builds its zone cache, about 600,000
/// instructions of every `diary` command run with `TZ=UTC` or a UTC `/etc/localtime` (servers,
/// containers, CI).
struct UniversalTimeZone: TimeZoneRules {
    /// The IANA names of zones that are UTC at every date, with no summer time ever.
    static let names: Set<String> = ["Etc/UTC", "UTC", "Etc/GMT", "GMT"]

    /// The name the zone was found by: one of ``names``.
    let identifier: String

    /// The name, recorded with entries as Foundation's zone of that name records it.
    var ianaIdentifier: String? { identifier }

    /// Always 0.
    func secondsFromGMT(for date: Date) -> Int { 0 }

    /// UTC named `name`, or nil when `name` is not one of ``names``.
    init?(named name: String) {
        guard Self.names.contains(name) else { return nil }
        identifier = name
    }
}
