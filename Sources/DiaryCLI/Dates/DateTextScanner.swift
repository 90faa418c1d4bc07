import DiaryKit
import Foundation

/// Reads the ISO date forms and the natural dates of the command line. Strict: exactly the
/// digits the form asks for, real calendar days, hours 0–23, minutes and seconds 0–59.
///
/// ## Topics
/// - Natural dates (`yesterday 21:00`, `last monday`, `3 days ago`, `9am`):
///   ``natural(from:context:)`` in `DateTextScanner+Natural.swift`
enum DateTextScanner {
    /// `YYYY-MM-DD`, or a natural day without a time (`today`, `monday`, `3 days ago`).
    static func day(from text: String, context: ArgumentContext) -> DiaryDay? {
        var scanner = Scanner(text)
        if let day = scanner.day(), scanner.isAtEnd { return day }
        guard let natural = natural(from: text, context: context), natural.time == nil else { return nil }
        return natural.day
    }

    /// An ISO moment (``moment(from:timeZone:)``), or a natural date with a time
    /// (`yesterday 21:00`, `9am`) read in the context's zone.
    static func moment(from text: String, context: ArgumentContext) -> TypedMoment? {
        if let typed = moment(from: text, timeZone: context.timeZone) { return typed }
        guard let natural = natural(from: text, context: context), let time = natural.time,
              let clock = WallClockTime(year: natural.day.year, month: natural.day.month, day: natural.day.day,
                                        hour: time.hour, minute: time.minute, second: time.second)
        else { return nil }
        return TypedMoment(clock: clock, resolution: clock.resolved(in: context.timeZone), spelling: natural.spelling)
    }

    /// `YYYY-MM`.
    static func month(from text: String) -> CalendarMonth? {
        var scanner = Scanner(text)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.isAtEnd else { return nil }
        return CalendarMonth(year: year, month: month)
    }

    /// `YYYY-MM-DD[T| ]HH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM|±HH]`; without an offset the
    /// time is local to `timeZone`, and may name no instant (clocks skipped it) or two.
    static func moment(from text: String, timeZone: any TimeZoneRules) -> TypedMoment? {
        var scanner = Scanner(text)
        guard let day = scanner.day(), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
              let minute = scanner.number(digits: 2), minute < 60 else { return nil }
        var second = 0
        var nanoseconds = 0
        if scanner.skip(":") {
            guard let value = scanner.number(digits: 2), value < 60 else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fraction() else { return nil }
                nanoseconds = fraction
            }
        }
        guard let clock = WallClockTime(year: day.year, month: day.month, day: day.day, hour: hour,
                                        minute: minute, second: second, nanosecond: nanoseconds)
        else { return nil }
        if scanner.isAtEnd { return TypedMoment(clock: clock, resolution: clock.resolved(in: timeZone), spelling: nil) }
        guard let offset = scanner.offset(), scanner.isAtEnd else { return nil }
        let instant = Date(timeIntervalSince1970: clock.secondsAsUTC - Double(offset))
        return TypedMoment(clock: clock, resolution: .unique(instant), spelling: nil)
    }

    /// A cursor over the characters of a date text.
    private struct Scanner {
        private let characters: [Character]
        private var position = 0

        /// Spaces and tabs around the text are ignored (trimmed natively: Foundation's
        /// `trimmingCharacters` goes through `NSString`, a noticeable part of a short command).
        init(_ text: String) {
            let isBlank = { (character: Character) in character.isWhitespace && !character.isNewline }
            var characters = Array(text.drop(while: isBlank))
            while let last = characters.last, isBlank(last) { characters.removeLast() }
            self.characters = characters
        }

        var isAtEnd: Bool { position == characters.count }

        mutating func skip(_ character: Character) -> Bool {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
            return true
        }

        /// Exactly `digits` ASCII digits.
        mutating func number(digits: Int) -> Int? {
            guard position + digits <= characters.count else { return nil }
            var value = 0
            // Digit by digit, not `Int(String(slice))`: making a String of a slice of Characters
            // costs about 130,000 instructions the first time (its generic metadata), in every
            // command given a date.
            for character in characters[position..<(position + digits)] {
                guard let ascii = character.asciiValue, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii) else { return nil }
                value = value * 10 + Int(ascii - UInt8(ascii: "0"))
            }
            position += digits
            return value
        }

        /// `YYYY-MM-DD` naming a real day.
        mutating func day() -> DiaryDay? {
            guard let year = number(digits: 4), skip("-"), let month = number(digits: 2), skip("-"),
                  let day = number(digits: 2) else { return nil }
            return DiaryDay(year: year, month: month, day: day)
        }

        /// One to nine digits of a decimal fraction, as nanoseconds.
        mutating func fraction() -> Int? {
            var digits = ""
            while position < characters.count, characters[position].isASCIIDigit, digits.count < 9 {
                digits.append(characters[position])
                position += 1
            }
            guard !digits.isEmpty, let value = Int(digits) else { return nil }
            return value * Int(pow(10.0, Double(9 - digits.count)))
        }

        /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, in seconds east of UTC; at most ±18 hours.
        mutating func offset() -> Int? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") || skip("\u{2212}") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else { return nil }
            var minutes = 0
            if skip(":") {
                guard let value = number(digits: 2) else { return nil }
                minutes = value
            } else if !isAtEnd {
                guard let value = number(digits: 2) else { return nil }
                minutes = value
            }
            guard minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
