import Foundation

/// A cursor over the UTF-8 bytes of an ISO 8601 text: the one scanner under
/// ``ISO8601Timestamp/parse(_:strictness:)``, ``DiaryDay/init(iso:)`` and
/// ``CalendarMonth/init(iso:strictness:)``. Bytes, not `Character`s: every character the
/// forms name is ASCII, and no ASCII byte is ever part of another character in UTF-8.
struct ISO8601Scanner {
    private let bytes: [UInt8]
    private var position = 0

    /// A cursor at the start of `text`.
    init(_ text: Substring) {
        bytes = Array(text.utf8)
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    /// Reads `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, UInt32(bytes[position]) == character.value else { return false }
        position += 1
        return true
    }

    /// Reads `sequence` if it comes next, whole.
    mutating func skip(_ sequence: some Collection<UInt8>) -> Bool {
        guard bytes[position...].starts(with: sequence) else { return false }
        position += sequence.count
        return true
    }

    /// Exactly `digits` ASCII digits.
    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count,
            let value = WallClockTime.number(bytes[position..<(position + digits)])
        else { return nil }
        position += digits
        return value
    }

    /// `YYYY-MM-DD` naming a real day of years 1…9999.
    mutating func day() -> DiaryDay? {
        guard let (year, month) = yearAndMonth(), skip("-"), let day = number(digits: 2) else { return nil }
        return DiaryDay(year: year, month: month, day: day)
    }

    /// `YYYY-MM`, unchecked.
    mutating func yearAndMonth() -> (year: Int, month: Int)? {
        guard let year = number(digits: 4), skip("-"), let month = number(digits: 2) else { return nil }
        return (year, month)
    }

    /// The digits of a decimal fraction as nanoseconds (digits past the ninth are read and
    /// dropped); at least one digit and at most `maximumDigits` are read.
    mutating func fraction(maximumDigits: Int) -> Int? {
        var nanoseconds = 0
        var count = 0
        while position < bytes.count, count < maximumDigits,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
        {
            if count < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in min(count, 9)..<9 { nanoseconds *= 10 }
        return nanoseconds
    }
}

extension ISO8601Scanner {
    /// `Z`, `±HH:MM` or `±HHMM` (with ``ISO8601Timestamp/Strictness/typed`` also `±HH` at the
    /// end and the minus `−`), in seconds east of UTC; at most ±18 hours.
    mutating func offset(_ strictness: ISO8601Timestamp.Strictness) -> Int? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") {
            sign = 1
        } else if skip("-") || (strictness == .typed && skip("\u{2212}".utf8)) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2) else { return nil }
        var minutes = 0
        if skip(":") || !isAtEnd || strictness == .written {
            guard let value = number(digits: 2) else { return nil }
            minutes = value
        }
        guard minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
