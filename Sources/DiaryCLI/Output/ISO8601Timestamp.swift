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
        let offsetSeconds = timeZone.secondsFromGMT(for: instant)
        let calendar = Calendar.localGregorian(in: timeZone)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        var text = pad(parts.year ?? 0, 4) + "-" + pad(parts.month ?? 0, 2) + "-" + pad(parts.day ?? 0, 2)
            + "T" + pad(parts.hour ?? 0, 2) + ":" + pad(parts.minute ?? 0, 2) + ":" + pad(parts.second ?? 0, 2)
        if fractionalSeconds {
            text += "." + pad(Int(milliseconds - wholeSeconds * 1000), 3)
        }
        let offsetMinutes = (abs(offsetSeconds) + 30) / 60
        text += (offsetSeconds < 0 ? "-" : "+") + pad(offsetMinutes / 60, 2) + ":" + pad(offsetMinutes % 60, 2)
        return text
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
