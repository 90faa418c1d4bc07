import Foundation

/// A zone of one constant offset from UTC, such as a camera's `OffsetTimeOriginal`.
public struct FixedOffset: TimeZoneRules, Hashable {
    /// Seconds east of UTC.
    public var seconds: Int

    /// The zone `seconds` east of UTC.
    public init(seconds: Int) { self.seconds = seconds }

    /// `UTC+09:00`, `UTC-04:00`.
    public var identifier: String {
        let minutes = abs(seconds) / 60
        let hours = minutes / 60, rest = minutes % 60
        return "UTC" + (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// None: an offset is not a place.
    public var ianaIdentifier: String? { nil }

    /// Always `seconds`.
    public func secondsFromGMT(for date: Date) -> Int { seconds }
}
