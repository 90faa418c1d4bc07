import DiaryKit
import Foundation

extension DateSpecifier {
    /// The moment this date names: itself for a moment; for a whole day, that day at the
    /// local time of day of `reference` (`new --on` takes now's, `edit --on` the entry's own),
    /// or the day's last second where a daylight-saving change leaves that time out.
    func moment(keepingTimeOfDayOf reference: Date, in timeZone: any TimeZoneRules) -> Date {
        guard case .day = kind else { return start }
        let referenceDay = DiaryDay(reference, in: timeZone)
        let sinceMidnight = reference.timeIntervalSince(referenceDay.start(in: timeZone))
        let moment = start.addingTimeInterval(sinceMidnight)
        return moment < end ? moment : end.addingTimeInterval(-1)
    }
}
