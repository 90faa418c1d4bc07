import DiaryKit
import Foundation

/// What converting a command-line value may depend on besides the text: the time zone
/// that local dates are read in (days in the proleptic Gregorian calendar), the moment
/// `today` refers to, and the directory relative paths start from.
///
/// The live values come from the process (``ArgumentContext/current(timeZone:)``); tests
/// inject their own, e.g. `Europe/Berlin` and a fixed `now`.
package struct ArgumentContext: Sendable {
    /// The zone local dates and times are interpreted in.
    package var timeZone: any TimeZoneRules
    /// The moment the words `today`, `yesterday` and `tomorrow` are relative to.
    package var now: Date
    /// The directory a relative file path is resolved against.
    package var currentDirectory: URL

    /// Makes a context from its parts.
    package init(timeZone: any TimeZoneRules, now: Date, currentDirectory: URL) {
        self.timeZone = timeZone
        self.now = now
        self.currentDirectory = currentDirectory
    }

    /// Makes a context in `calendar`'s time zone (only its zone is used).
    package init(calendar: Calendar, now: Date, currentDirectory: URL) {
        self.init(timeZone: calendar.timeZone, now: now, currentDirectory: currentDirectory)
    }

    /// The process's context: `timeZone` (``ProcessTimeZone`` reads it from `TZ`), the
    /// current time (or `now`), and the current working directory.
    package static func current(timeZone: any TimeZoneRules, now: Date = Date()) -> ArgumentContext {
        ArgumentContext(
            timeZone: timeZone, now: now,
            currentDirectory: URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath,
                isDirectory: true))
    }

    /// The moment relative dates are read from: `DIARY_NOW` (an ISO 8601 time with offset, so
    /// that a script or a test reads "yesterday" the same whenever it runs, even across a
    /// midnight), else the clock. A `DIARY_NOW` that is no such time is named in `warning`
    /// and the clock used.
    package static func now(environment: [String: String]) -> (now: Date, warning: String?) {
        guard let text = environment["DIARY_NOW"] else { return (Date(), nil) }
        guard let date = ISO8601Timestamp.date(from: text) else {
            return (
                Date(),
                "DIARY_NOW='\(String(text.prefix(40)))' is no ISO 8601 time with offset "
                    + "(such as 2026-12-04T09:30:00+01:00); relative dates are read from the clock"
            )
        }
        return (date, nil)
    }
}

extension Calendar {
    /// A Gregorian calendar in the given time zone with a POSIX locale, so that day
    /// boundaries and formatting do not depend on the user's language settings.
    package static func localGregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
