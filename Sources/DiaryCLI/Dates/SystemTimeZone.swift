import DiaryKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's local time as the C library has it from `TZ` (`tzset`, `localtime_r`):
/// the zone of a `TZ` that names no IANA zone, such as the POSIX rule string
/// `CET-1CEST,M3.5.0,M10.5.0/3` or a zone file outside the zoneinfo directory. The C library
/// implements those rules exactly; no second reading of them is written here.
///
/// Only ``ProcessTimeZone`` makes one, from the `TZ` the process runs with, so the C
/// library's notion of local time and this value agree.
struct SystemTimeZone: TimeZoneRules {
    /// The `TZ` text, for messages.
    let identifier: String

    /// None: entries written in such a zone record no zone name.
    var ianaIdentifier: String? { nil }

    /// `tm_gmtoff` of `localtime_r` at `date` (0 for a time the C library cannot place).
    func secondsFromGMT(for date: Date) -> Int {
        var seconds = time_t(date.clampedSecondsSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
