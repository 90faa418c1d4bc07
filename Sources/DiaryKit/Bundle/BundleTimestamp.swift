import Foundation

/// The bundle's time policy: ISO 8601 with milliseconds and the writer's UTC offset,
/// e.g. `2026-11-29T14:30:05.250+01:00`, in the proleptic Gregorian calendar that every
/// listing uses (Foundation's formatters turn Julian before 15 October 1582); read back
/// exactly as written and only with an offset. Times round-trip to the millisecond. The
/// format and its reading are ``ISO8601Timestamp``'s.
enum BundleTimestamp {
    /// `date` in `timeZone`'s offset, with milliseconds (see ``ISO8601Timestamp``).
    static func string(from date: Date, in timeZone: any TimeZoneRules) -> String {
        ISO8601Timestamp.string(from: date, in: timeZone, fractionalSeconds: true)
    }

    /// The instant of an ISO 8601 time with an offset (`Z` or `±hh:mm`), with or without
    /// fractional seconds, of years 1…9999, as a program wrote it
    /// (``ISO8601Timestamp/Strictness/written``); nil when `string` is not one.
    static func date(from string: String) -> Date? {
        ISO8601Timestamp.date(from: string, strictness: .written)
    }
}
