import Foundation

/// ISO 8601 timestamps with the numeric offset of a time zone, as `--json` and bundles
/// write them: `2026-11-29T14:03:00+01:00` (`+00:00` in UTC, never `Z`, so every value has
/// the same shape). An offset that is not a whole number of minutes (local mean time before
/// 1900) cannot be written in ISO 8601; it is rounded up to the next minute and the reading
/// moved with it, so the instant stays exact.
///
/// Writing and reading in one type: the one ISO 8601 reader is beside the writer.
///
/// ## Topics
/// - Reading (`ISO8601Timestamp+Parsing.swift`): ``parse(_:strictness:)`` with its
///   ``Strictness`` (typed on the command line, or written by a program) and ``Reading``;
///   ``date(from:strictness:)``; ``problem(key:text:example:)`` and ``isYearOutOfRange(_:)``
///   for the messages of a refused time. The scanner under it (``ISO8601Scanner``) also reads
///   ``DiaryDay/init(iso:)`` and ``CalendarMonth/init(iso:strictness:)``.
public enum ISO8601Timestamp {
    /// The timestamp of `date` in `timeZone`; with `fractionalSeconds`, milliseconds
    /// are added (`14:03:00.250+01:00`), truncated rather than rounded so a time never
    /// moves into the next second.
    public static func string(
        from date: Date, in timeZone: any TimeZoneRules, fractionalSeconds: Bool = false
    ) -> String {
        let milliseconds = (date.clampedSecondsSince1970 * 1000).rounded(.down)
        let wholeSeconds = (milliseconds / 1000).rounded(.down)
        var offsetSeconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wholeSeconds))
        offsetSeconds = WallClockTime.writableOffset(offsetSeconds)
        // Local wall time by arithmetic on the offset: no Calendar per call, so long
        // JSON listings stay cheap.
        let clock = WallClockTime(secondsAsUTC: wholeSeconds + Double(offsetSeconds))
        var text = clock.dayString + "T" + clock.minuteString + ":" + clock.second.zeroPadded(2)
        if fractionalSeconds {
            text += "." + Int(milliseconds - wholeSeconds * 1000).zeroPadded(3)
        }
        let offsetMinutes = abs(offsetSeconds) / 60
        text +=
            (offsetSeconds < 0 ? "-" : "+") + (offsetMinutes / 60).zeroPadded(2) + ":"
            + (offsetMinutes % 60).zeroPadded(2)
        return text
    }
}
