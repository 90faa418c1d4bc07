import Foundation

/// What converting a command-line value may depend on besides the text: the calendar
/// and time zone that local dates are read in, the moment `today` refers to, and the
/// directory relative paths start from.
///
/// The live values come from the process (``ArgumentContext/current``); tests inject
/// their own, e.g. a calendar in `Europe/Berlin` and a fixed `now`.
public struct ArgumentContext: Sendable {
    /// The calendar (with its time zone) local dates and times are interpreted in.
    public var calendar: Calendar
    /// The moment the words `today`, `yesterday` and `tomorrow` are relative to.
    public var now: Date
    /// The directory a relative file path is resolved against.
    public var currentDirectory: URL

    /// Makes a context from its parts.
    public init(calendar: Calendar, now: Date, currentDirectory: URL) {
        self.calendar = calendar
        self.now = now
        self.currentDirectory = currentDirectory
    }

    /// The process's context: a Gregorian calendar in `TimeZone.current` (which
    /// honours `TZ`), the current time, and the current working directory.
    public static var current: ArgumentContext {
        ArgumentContext(calendar: .localGregorian(in: .current), now: Date(),
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
