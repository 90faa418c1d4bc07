import Foundation

/// The bundle's time format: ISO 8601 with milliseconds and the writer's UTC offset,
/// e.g. `2026-11-29T14:30:05.250+01:00`, in the proleptic Gregorian calendar that every
/// listing uses (Foundation's formatters turn Julian before 15 October 1582). Times
/// round-trip to the millisecond.
enum BundleTimestamp {
    /// `date` in `timeZone`'s offset, with milliseconds (see ``ISO8601Timestamp``).
    static func string(from date: Date, in timeZone: any TimeZoneRules) -> String {
        ISO8601Timestamp.string(from: date, in: timeZone, fractionalSeconds: true)
    }

    /// Parses an ISO 8601 time with an offset (`Z` or `±hh:mm`), with or without
    /// fractional seconds, of years 1…9999; nil when `string` is not one.
    static func date(from string: String) -> Date? {
        guard let (clock, offset) = parse(string), let offset else { return nil }
        return Date(timeIntervalSince1970: clock.secondsAsUTC - Double(offset))
    }

    /// Why `text`, given for `key`, is not a time: a year outside 1…9999, or not the form of `example`.
    static func problem(key: String, text: String, example: String) -> String {
        let shown = String(text.prefix(40))
        return isYearOutOfRange(text)
            ? "\"\(key)\" is outside the years 0001–9999 (found \"\(shown)\")"
            : "\"\(key)\" is not an ISO 8601 time such as \(example) (found \"\(shown)\")"
    }

    /// Whether `text` starts like a date of a year outside 1…9999: `0000-`, a signed year
    /// (`-0044-`, `+12026-`) or one of five digits or more.
    static func isYearOutOfRange(_ text: String) -> Bool {
        var digits = text.utf8.drop { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        let signed = digits.count != text.utf8.count
        let year = digits.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        digits = digits.dropFirst(year.count)
        guard digits.first == UInt8(ascii: "-"), year.count >= 4 else { return false }
        return signed || year.count > 4 || year.allSatisfy { $0 == UInt8(ascii: "0") }
    }

    /// `YYYY-MM-DDTHH:MM[:SS[.fraction]]` and an optional `Z`, `±hh:mm` or `±hhmm` (at most
    /// ±18 hours): the wall-clock reading and the offset in seconds, nil when there is none.
    static func parse(_ string: String) -> (WallClockTime, offset: Int?)? {
        let bytes = Array(string.utf8)
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count,
                  let value = WallClockTime.number(bytes[position..<(position + count)]) else { return nil }
            position += count
            return value
        }
        func skip(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2),
              skip("T") || skip("t") || skip(" "), let hour = digits(2), skip(":"), let minute = digits(2)
        else { return nil }
        var second = 0
        var nanosecond = 0
        if skip(":") {
            guard let value = digits(2) else { return nil }
            second = value
            if skip(".") || skip(",") {
                var count = 0
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    if count < 9 { nanosecond = nanosecond * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                    count += 1
                    position += 1
                }
                guard count > 0 else { return nil }
                for _ in min(count, 9)..<9 { nanosecond *= 10 }
            }
        }
        guard let clock = WallClockTime(year: year, month: month, day: day, hour: hour, minute: minute,
                                        second: second, nanosecond: nanosecond) else { return nil }
        if position == bytes.count { return (clock, nil) }
        if (skip("Z") || skip("z")), position == bytes.count { return (clock, 0) }
        let sign = skip("+") ? 1 : skip("-") ? -1 : 0
        guard sign != 0, let hours = digits(2) else { return nil }
        _ = skip(":")
        guard let minutes = digits(2), position == bytes.count, minutes < 60, hours * 60 + minutes <= 18 * 60
        else { return nil }
        return (clock, sign * (hours * 3600 + minutes * 60))
    }
}
