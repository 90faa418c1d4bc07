import DiaryKit
import Foundation

extension DateSpecifier {
    /// The moment this date names: itself for a moment; for a whole day, that day at the local
    /// wall-clock time of `reference` (`new --on` takes now's, `edit --on` the entry's own).
    ///
    /// The wall-clock reading is kept, not the time elapsed since midnight: 10:00 on the day
    /// after a clock change stays 10:00, not 11:00. Where the change leaves that reading out
    /// (02:30 on the spring-forward night) it moves forward by the gap; where the clocks show it
    /// twice it is the first time, the rule zone-less times follow everywhere in the diary.
    func moment(keepingTimeOfDayOf reference: Date, in timeZone: any TimeZoneRules) -> Date {
        guard case .day(let day) = kind else { return start }
        let clock = WallClockTime(reference, in: timeZone)
        guard
            let reading = WallClockTime(
                year: day.year, month: day.month, day: day.day, hour: clock.hour,
                minute: clock.minute, second: clock.second, nanosecond: clock.nanosecond)
        else { return start }
        return reading.resolved(in: timeZone).importedInstant
    }
}
