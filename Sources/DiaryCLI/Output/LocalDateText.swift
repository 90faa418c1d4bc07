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

    /// `Sunday, 29 November 2026`.
    func heading(for day: DiaryDay) -> String {
        day.longName
    }

    /// The local day `date` falls on.
    func day(of date: Date) -> DiaryDay {
        DiaryDay(date, in: timeZone)
    }

    /// `14:03`, the local wall-clock time; on a 12-hour clock ` 2:03 PM` (padded to one width,
    /// so listed times line up).
    func time(of date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let secondOfDay = (Int(date.clampedSecondsSince1970.rounded(.down)) + offset).quotientAndRemainderFlooring(
            86_400
        ).remainder
        let hour = secondOfDay / 3600, minutes = (secondOfDay % 3600 / 60).zeroPadded(2)
        guard twelveHourClock else { return hour.zeroPadded(2) + ":" + minutes }
        let shown = hour % 12 == 0 ? 12 : hour % 12
        return (shown < 10 ? " " : "") + "\(shown):" + minutes + (hour < 12 ? " AM" : " PM")
    }

    /// `Sunday, 29 November 2026 14:03` (or `… 2:03 PM`).
    func dayAndTime(of date: Date) -> String {
        heading(for: day(of: date)) + " " + time(of: date).drop { $0 == " " }
    }

    /// `22:00`: when `entry` was written, on the clock of its own zone; followed by the zone's
    /// place (`22:00 New York`) where that clock differed from this zone's at that moment.
    func time(of entry: EntryRecord) -> String {
        let time = Self.floating(twelveHourClock).time(of: entry.localTime)
        return ownZone(of: entry).map { time + " " + $0.place } ?? time
    }

    /// `Wednesday, 21 October 2026 22:00`: when `entry` was written, on the clock of its own
    /// zone; followed by the zone where that clock differed from this zone's at that moment:
    /// `… 22:00 (America/New_York, UTC-05:00)`.
    func dayAndTime(of entry: EntryRecord) -> String {
        let text = Self.floating(twelveHourClock).dayAndTime(of: entry.localTime)
        guard let zone = ownZone(of: entry) else { return text }
        let offset = FixedOffset(seconds: entry.ownOffset).identifier
        return text + (zone.name == offset ? " (\(offset))" : " (\(zone.name), \(offset))")
    }

    /// The name and place of `entry`'s own zone when its clock differed from this zone's when
    /// the entry was written; nil when they read the same. Names come from the zone database
    /// (or are an offset), never from the stored text as it is.
    private func ownZone(of entry: EntryRecord) -> (name: String, place: String)? {
        guard entry.ownOffset != timeZone.secondsFromGMT(for: entry.creationTime) else { return nil }
        let offset = FixedOffset(seconds: entry.ownOffset).identifier
        guard let name = EntryZone.named(entry.timeZone)?.identifier, name.contains("/") else {
            return (offset, offset)
        }
        let place = name.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? name
        return (name, place)
    }

    /// Dates on the clock of floating instants (``EntryZone``): read as if in UTC.
    private static func floating(_ twelveHourClock: Bool) -> LocalDateText {
        LocalDateText(timeZone: FixedOffset(seconds: 0), twelveHourClock: twelveHourClock)
    }
}

extension LocalDateText {
    /// `29 February`.
    static func dayAndMonth(of day: DiaryDay) -> String {
        "\(day.day) \(day.calendarMonth.name)"
    }
}
