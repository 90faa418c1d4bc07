import DiaryKit
import Foundation

/// Dates as the human output shows them, in English whatever the locale (like the
/// rest of the output): `Sunday, 29 November 2026` and `14:03`, in a given time zone.
struct LocalDateText {
    /// The zone times are shown in.
    let timeZone: any TimeZoneRules

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// `Sunday, 29 November 2026`.
    func heading(for day: DiaryDay) -> String {
        "\(Self.weekdayNames[day.weekday - 1]), \(day.day) \(Self.monthNames[day.month - 1]) \(day.year)"
    }

    /// The local day `date` falls on.
    func day(of date: Date) -> DiaryDay {
        DiaryDay(date, in: timeZone)
    }

    /// `14:03`, the local wall-clock time.
    func time(of date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let secondOfDay = (Int(date.clampedSecondsSince1970.rounded(.down)) + offset).quotientAndRemainderFlooring(86_400).remainder
        return (secondOfDay / 3600).zeroPadded(2) + ":" + (secondOfDay % 3600 / 60).zeroPadded(2)
    }

    /// `Sunday, 29 November 2026 14:03`.
    func dayAndTime(of date: Date) -> String {
        heading(for: day(of: date)) + " " + time(of: date)
    }

    /// `November 2026`.
    func monthTitle(_ month: CalendarMonth) -> String {
        "\(Self.monthNames[month.month - 1]) \(month.year)"
    }
}

extension LocalDateText {
    /// `29 February`.
    static func dayAndMonth(of day: DiaryDay) -> String {
        "\(day.day) \(monthNames[day.month - 1])"
    }
}
