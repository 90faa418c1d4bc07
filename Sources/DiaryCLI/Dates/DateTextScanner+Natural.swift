import DiaryKit
import Foundation

extension DateTextScanner {
    /// A date written in words, relative to ``ArgumentContext/now``: the local day it names
    /// and, when a time was written, the time of day on it.
    struct NaturalDate {
        /// A time of day on the 24-hour clock.
        struct TimeOfDay {
            /// 0…23.
            let hour: Int
            /// 0…59.
            let minute: Int
            /// 0…59.
            let second: Int
        }

        /// The local day named.
        let day: DiaryDay
        /// The time of day given, nil for a whole day.
        let time: TimeOfDay?
        /// The words as typed, single-spaced (`yesterday 21:00`), for messages.
        let spelling: String
    }

    /// The weekday names, Sunday first (weekday 1, as ``DiaryDay/weekday`` counts).
    private static let weekdayNames = EnglishDateNames.weekdays.map { $0.lowercased() }

    /// Reads a natural date, case-insensitively, words separated by spaces or tabs:
    /// - a day: `today`, `yesterday`, `tomorrow`; a weekday (`monday`, `mon`, `last monday`),
    ///   the most recent one before today; `N days ago`, `N weeks ago` (`1 day ago` too);
    /// - optionally followed by a time: `21:00`, `21:00:30`, `9am`, `9:30pm`, `9 am`
    ///   (`12am` is the midnight that starts the day, `12pm` noon);
    /// - or a time alone, meaning today.
    static func natural(from text: String, context: ArgumentContext) -> NaturalDate? {
        let typed = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let words = typed.map { $0.lowercased() }
        guard !words.isEmpty else { return nil }
        let today = DiaryDay(context.now, in: context.timeZone)
        var rest = words[...]
        var day = today
        switch words[0] {
        case "today":
            rest.removeFirst()
        case "yesterday":
            day = today.adding(days: -1)
            rest.removeFirst()
        case "tomorrow":
            day = today.adding(days: 1)
            rest.removeFirst()
        default:
            if let past = pastWeekday(&rest, before: today) {
                day = past
            } else if let past = daysAgo(&rest, from: today) {
                day = past
            } else if words.count > 2 || !words[0].contains(where: \.isASCIIDigit) {
                return nil  // not a time alone either
            }
        }
        var time: NaturalDate.TimeOfDay?
        if !rest.isEmpty {
            guard let given = timeOfDay(rest) else { return nil }
            time = given
        }
        return NaturalDate(day: day, time: time, spelling: typed.joined(separator: " "))
    }

    /// `monday`, `mon`, `last monday`, `last mon`: the latest such weekday before `today`
    /// (a week ago when today is one). Consumes the words read.
    private static func pastWeekday(_ words: inout ArraySlice<String>, before today: DiaryDay) -> DiaryDay? {
        var remaining = words
        if remaining.first == "last" { remaining.removeFirst() }
        guard let name = remaining.popFirst(),
            let index = weekdayNames.firstIndex(where: { $0 == name || $0.prefix(3) == name })
        else { return nil }
        words = remaining
        let back = (today.weekday - (index + 1) + 7) % 7
        return today.adding(days: back == 0 ? -7 : -back)
    }

    /// `N days ago`, `N weeks ago` (either number of `day`/`week`), within years 1–9999.
    /// Consumes the words read.
    private static func daysAgo(_ words: inout ArraySlice<String>, from today: DiaryDay) -> DiaryDay? {
        let parts = Array(words.prefix(3))
        guard parts.count == 3, parts[2] == "ago", let count = number(parts[0], digits: 1...7) else { return nil }
        let unit =
            switch parts[1] {
            case "day", "days": 1
            case "week", "weeks": 7
            default: 0
            }
        guard unit > 0 else { return nil }
        let target = today.daysSince1970 - count * unit
        guard target >= DiaryDay.daysSince1970(year: 1, month: 1, day: 1) else { return nil }
        words.removeFirst(3)
        return DiaryDay(daysSince1970: target)
    }

    /// `H:MM`, `HH:MM[:SS]` (0–23 hours), or `H[:MM]am`/`pm` with the hour 1–12, as one word
    /// or with `am`/`pm` as a second word.
    private static func timeOfDay(_ words: ArraySlice<String>) -> NaturalDate.TimeOfDay? {
        let text: String
        switch words.count {
        case 1: text = words[words.startIndex]
        case 2 where ["am", "pm"].contains(words[words.startIndex + 1]):
            text = words[words.startIndex] + words[words.startIndex + 1]
        default: return nil
        }
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            let parts = text.dropLast(2).split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let hour = number(parts[0], digits: 1...2), (1...12).contains(hour)
            else { return nil }
            var minute = 0
            if parts.count == 2 {
                guard let value = number(parts[1], digits: 2...2), value < 60 else { return nil }
                minute = value
            }
            return NaturalDate.TimeOfDay(hour: hour % 12 + (text.hasSuffix("pm") ? 12 : 0), minute: minute, second: 0)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hour = number(parts[0], digits: 1...2), hour < 24,
            let minute = number(parts[1], digits: 2...2), minute < 60
        else { return nil }
        var second = 0
        if parts.count == 3 {
            guard let value = number(parts[2], digits: 2...2), value < 60 else { return nil }
            second = value
        }
        return NaturalDate.TimeOfDay(hour: hour, minute: minute, second: second)
    }

    /// A number of ASCII digits, as many as `digits` allows.
    private static func number<Text: StringProtocol>(_ text: Text, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }
}
