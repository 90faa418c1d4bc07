import DiaryKit
import Foundation

/// Dates as the human output shows them, in English whatever the locale (like the
/// rest of the output): `Sunday, 29 November 2026` and `14:03`, in a given time zone.
struct LocalDateText {
    /// The zone times are shown in.
    let timeZone: any TimeZoneRules
    /// `2:03 PM` rather than `14:03` (the `time.format` setting).
    var twelveHourClock = false

    /// Dates and times in `timeZone`, on a 24-hour clock unless `twelveHourClock`.
    init(timeZone: any TimeZoneRules, twelveHourClock: Bool = false) {
        self.timeZone = timeZone
        self.twelveHourClock = twelveHourClock
    }

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

    /// `14:03`, the local wall-clock time; on a 12-hour clock ` 2:03 PM` (padded to one width,
    /// so listed times line up).
    func time(of date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let secondOfDay = (Int(date.clampedSecondsSince1970.rounded(.down)) + offset).quotientAndRemainderFlooring(86_400).remainder
        let hour = secondOfDay / 3600, minutes = (secondOfDay % 3600 / 60).zeroPadded(2)
        guard twelveHourClock else { return hour.zeroPadded(2) + ":" + minutes }
        let shown = hour % 12 == 0 ? 12 : hour % 12
        return (shown < 10 ? " " : "") + "\(shown):" + minutes + (hour < 12 ? " AM" : " PM")
    }

    /// `Sunday, 29 November 2026 14:03` (or `… 2:03 PM`).
    func dayAndTime(of date: Date) -> String {
        heading(for: day(of: date)) + " " + time(of: date).drop { $0 == " " }
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
