import Foundation

extension WallClockTime {
    private static let weekdayNames = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]

    /// The English name of the weekday (the proleptic Gregorian calendar's, whatever the year).
    var weekdayName: String { Self.weekdayNames[((daysSince1970 % 7) + 7) % 7] }

    /// The English name of the month.
    var monthName: String { Self.monthNames[month - 1] }

    /// `Sunday, 29 November 2026`.
    var longDay: String { "\(weekdayName), \(day) \(monthName) \(year)" }

    /// `29 Nov 2026, 14:30`.
    var shortDayAndMinute: String { "\(day) \(monthName.prefix(3)) \(year), \(minuteString)" }
}
