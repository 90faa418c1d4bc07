import DiaryKit
import Foundation

/// As a command-line value a day accepts `YYYY-MM-DD` and the natural days `today`,
/// `yesterday`, `tomorrow`, `monday` (`mon`, `last monday`), `3 days ago` and `2 weeks ago`
/// (relative to ``ArgumentContext/now`` in its zone); a time of day is refused.
extension DiaryDay: ExpressibleByArgument {
    /// `YYYY-MM-DD` or a natural day without a time.
    package init?(argument: String, context: ArgumentContext) {
        guard let day = DateTextScanner.day(from: argument, context: context) else { return nil }
        self = day
    }

    /// For a date with a time of day (`yesterday 21:00`) where only a day is taken: that the
    /// time is what is wrong, and the forms of a day.
    package static func explanation(ofInvalid argument: String, context: ArgumentContext) -> String? {
        guard DateTextScanner.moment(from: argument, context: context) != nil else { return nil }
        return "\(argument.trimmingCharacters(in: .whitespaces)) has a time of day, but a whole day is wanted here. "
            + "Accepted forms: " + acceptedForms.joined(separator: ", ") + "."
    }

    /// Examples of a day.
    package static var acceptedForms: [String] {
        ["2026-11-29", "today", "yesterday", "tomorrow", "monday", "last monday", "mon", "3 days ago", "2 weeks ago"]
    }
}
