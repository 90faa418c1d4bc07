import Foundation

extension WallClockTime {
    /// The English name of the weekday (the proleptic Gregorian calendar's, whatever the year).
    var weekdayName: String { EnglishDateNames.weekdays[DiaryDay(daysSince1970: daysSince1970).weekday - 1] }

    /// The English name of the month.
    var monthName: String { EnglishDateNames.months[month - 1] }

    /// `Sunday, 29 November 2026`.
    var longDay: String { "\(weekdayName), \(day) \(monthName) \(year)" }

    /// `29 Nov 2026, 14:30`.
    var shortDayAndMinute: String { "\(day) \(monthName.prefix(3)) \(year), \(minuteString)" }
}
