import Foundation

extension WallClockTime {
    /// The English name of the month.
    var monthName: String { EnglishDateNames.months[month - 1] }

    /// `Sunday, 29 November 2026` (the proleptic Gregorian calendar's weekday, whatever the year).
    var longDay: String { DiaryDay(daysSince1970: daysSince1970).longName }

    /// `29 Nov 2026, 14:30`.
    var shortDayAndMinute: String { "\(day) \(monthName.prefix(3)) \(year), \(minuteString)" }
}
