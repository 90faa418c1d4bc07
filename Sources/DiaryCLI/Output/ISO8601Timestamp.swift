import Foundation

/// ISO 8601 timestamps with the numeric offset of a time zone, as `--json` prints
/// them: `2026-11-29T14:03:00+01:00` (`+00:00` in UTC, never `Z`, so every value has
/// the same shape).
public enum ISO8601Timestamp {
    /// The timestamp of `date` in `timeZone`; with `fractionalSeconds`, milliseconds
    /// are added (`14:03:00.250+01:00`), truncated rather than rounded so a time never
    /// moves into the next second.
    public static func string(from date: Date, in timeZone: TimeZone, fractionalSeconds: Bool = false) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let wholeSeconds = (milliseconds / 1000).rounded(.down)
        let instant = Date(timeIntervalSince1970: wholeSeconds)
        let calendar = Calendar.localGregorian(in: timeZone)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let year = (parts.year ?? 0).zeroPadded(4), month = (parts.month ?? 0).zeroPadded(2)
        let day = (parts.day ?? 0).zeroPadded(2), hour = (parts.hour ?? 0).zeroPadded(2)
        let minute = (parts.minute ?? 0).zeroPadded(2), second = (parts.second ?? 0).zeroPadded(2)
        var text = "\(year)-\(month)-\(day)T\(hour):\(minute):\(second)"
        if fractionalSeconds {
            text += "." + Int(milliseconds - wholeSeconds * 1000).zeroPadded(3)
        }
        let offsetSeconds = timeZone.secondsFromGMT(for: instant)
        let offsetMinutes = (abs(offsetSeconds) + 30) / 60
        text += (offsetSeconds < 0 ? "-" : "+") + (offsetMinutes / 60).zeroPadded(2) + ":"
            + (offsetMinutes % 60).zeroPadded(2)
        return text
    }
}
