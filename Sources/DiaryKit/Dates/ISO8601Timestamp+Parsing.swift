import Foundation

extension ISO8601Timestamp {
    /// How strictly ``parse(_:strictness:)`` (and the day and month readers beside it) read
    /// the one grammar: what a person types, or what a program wrote.
    package enum Strictness: Sendable, Hashable {
        /// As a person types a date on the command line: spaces and tabs (not line breaks)
        /// around the text are ignored; an offset may also be `±HH` alone, and its minus the
        /// typographic `−` (U+2212); a fraction has at most nine digits (nanoseconds, all a
        /// time keeps).
        case typed
        /// As a program writes a time (bundles, exports, other diaries' files, `DIARY_NOW`):
        /// the text exactly, nothing around it; an offset `Z`, `±HH:MM` or `±HHMM` with an ASCII
        /// sign; a fraction of any length, the digits past the ninth dropped.
        case written

        /// The part of `text` read: with ``typed``, `text` without the spaces and tabs around it.
        func significant(_ text: some StringProtocol) -> Substring {
            let whole = Substring(text)
            guard self == .typed else { return whole }
            // Natively, not Foundation's `trimmingCharacters`: that goes through `NSString`, a
            // noticeable part of a short command.
            let isBlank = { (character: Character) in character.isWhitespace && !character.isNewline }
            var trimmed = whole.drop(while: isBlank)
            while let last = trimmed.last, isBlank(last) { trimmed.removeLast() }
            return trimmed
        }
    }

    /// A time as written: the wall-clock reading and the offset given with it.
    package struct Reading: Sendable, Hashable {
        /// The date and time of day as written, without the offset.
        package let clock: WallClockTime
        /// The offset written, in seconds east of UTC (`Z` is 0); nil when none was.
        package let offset: Int?

        /// The instant named, when an offset fixes it; nil for a local time (resolve
        /// ``clock`` in a zone).
        package var instant: Date? {
            offset.map { Date(timeIntervalSince1970: clock.secondsAsUTC - Double($0)) }
        }
    }

    /// Reads `YYYY-MM-DD[T|t| ]HH:MM[:SS[(.|,)fraction]]` and an optional offset (`Z`, `z`,
    /// `±HH:MM`, `±HHMM`; with ``Strictness/typed`` also `±HH` and `−`), at most ±18 hours:
    /// a real day of years 1…9999, hours 0–23, minutes and seconds 0–59, exactly the digits
    /// each field asks for. Nil for anything else; see ``Strictness`` for what each reading allows.
    package static func parse(_ text: String, strictness: Strictness) -> Reading? {
        var scanner = ISO8601Scanner(strictness.significant(text))
        guard let day = scanner.day(), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2)
        else { return nil }
        var second = 0
        var nanosecond = 0
        if scanner.skip(":") {
            guard let value = scanner.number(digits: 2) else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fraction(maximumDigits: strictness == .typed ? 9 : .max) else {
                    return nil
                }
                nanosecond = fraction
            }
        }
        guard
            let clock = WallClockTime(
                year: day.year, month: day.month, day: day.day, hour: hour, minute: minute,
                second: second, nanosecond: nanosecond)
        else { return nil }
        if scanner.isAtEnd { return Reading(clock: clock, offset: nil) }
        guard let offset = scanner.offset(strictness), scanner.isAtEnd else { return nil }
        return Reading(clock: clock, offset: offset)
    }

    /// The instant of an ISO 8601 time with an offset, read as ``parse(_:strictness:)`` reads
    /// it; nil when `text` is not one or has no offset.
    package static func date(from text: String, strictness: Strictness = .written) -> Date? {
        parse(text, strictness: strictness)?.instant
    }

    /// Why `text`, given for `key` in a file, is not a time: a year outside 1…9999, or not
    /// the form of `example`.
    package static func problem(key: String, text: String, example: String) -> String {
        let shown = String(text.prefix(40))
        return isYearOutOfRange(text)
            ? "\"\(key)\" is outside the years 0001–9999 (found \"\(shown)\")"
            : "\"\(key)\" is not an ISO 8601 time such as \(example) (found \"\(shown)\")"
    }

    /// Whether `text` starts like a date of a year outside 1…9999: `0000-`, a signed year
    /// (`-0044-`, `+12026-`) or one of five digits or more.
    package static func isYearOutOfRange(_ text: String) -> Bool {
        var digits = text.utf8.drop { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        let signed = digits.count != text.utf8.count
        let year = digits.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        digits = digits.dropFirst(year.count)
        guard digits.first == UInt8(ascii: "-"), year.count >= 4 else { return false }
        return signed || year.count > 4 || year.allSatisfy { $0 == UInt8(ascii: "0") }
    }
}
