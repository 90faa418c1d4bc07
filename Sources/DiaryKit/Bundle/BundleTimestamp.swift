import Foundation

/// The bundle's time format: ISO 8601 with milliseconds and the writer's UTC offset,
/// e.g. `2026-11-29T14:30:05.250+01:00`. Times round-trip to the millisecond.
enum BundleTimestamp {
    /// `date` in `timeZone`'s offset.
    static func string(from date: Date, in timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let string = formatter.string(from: date)
        return string.hasSuffix("Z") ? string.dropLast() + "+00:00" : string
    }

    /// Parses an ISO 8601 time with an offset (`Z` or `±hh:mm`), with or without
    /// fractional seconds; nil when `string` is not one.
    static func date(from string: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: string) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: string)
    }
}
