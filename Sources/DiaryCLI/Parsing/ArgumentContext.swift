import DiaryKit
import Foundation

/// What converting a command-line value may depend on besides the text: the time zone
/// that local dates are read in (days in the proleptic Gregorian calendar), the moment
/// `today` refers to, and the directory relative paths start from.
///
/// The live values come from the process (``ArgumentContext/current(timeZone:)``); tests
/// inject their own, e.g. `Europe/Berlin` and a fixed `now`.
public struct ArgumentContext: Sendable {
    /// The zone local dates and times are interpreted in.
    public var timeZone: any TimeZoneRules
    /// The moment the words `today`, `yesterday` and `tomorrow` are relative to.
    public var now: Date
    /// The directory a relative file path is resolved against.
    public var currentDirectory: URL

    /// Makes a context from its parts.
    public init(timeZone: any TimeZoneRules, now: Date, currentDirectory: URL) {
        self.timeZone = timeZone
        self.now = now
        self.currentDirectory = currentDirectory
    }

    /// Makes a context in `calendar`'s time zone (only its zone is used).
    public init(calendar: Calendar, now: Date, currentDirectory: URL) {
        self.init(timeZone: calendar.timeZone, now: now, currentDirectory: currentDirectory)
    }

    /// The process's context: `timeZone` (``ProcessTimeZone`` reads it from `TZ`), the
    /// current time, and the current working directory.
    public static func current(timeZone: any TimeZoneRules) -> ArgumentContext {
        ArgumentContext(timeZone: timeZone, now: Date(),
                        currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath,
                                              isDirectory: true))
    }
}

extension Calendar {
    /// A Gregorian calendar in the given time zone with a POSIX locale, so that day
    /// boundaries and formatting do not depend on the user's language settings.
    public static func localGregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
