import DiaryKit
import Foundation

/// Reads the ISO date forms and the natural dates of the command line. The ISO forms are
/// DiaryKit's one reader's (``ISO8601Timestamp/parse(_:strictness:)`` and ``DiaryDay/init(iso:)``,
/// as typed): exactly the digits the form asks for, real calendar days, hours 0–23, minutes
/// and seconds 0–59.
///
/// ## Topics
/// - Natural dates (`yesterday 21:00`, `last monday`, `3 days ago`, `9am`):
///   ``natural(from:context:)`` in `DateTextScanner+Natural.swift`
enum DateTextScanner {
    /// `YYYY-MM-DD`, or a natural day without a time (`today`, `monday`, `3 days ago`).
    static func day(from text: String, context: ArgumentContext) -> DiaryDay? {
        if let day = DiaryDay(iso: text, strictness: .typed) { return day }
        guard let natural = natural(from: text, context: context), natural.time == nil else { return nil }
        return natural.day
    }

    /// An ISO moment (``moment(from:timeZone:)``), or a natural date with a time
    /// (`yesterday 21:00`, `9am`) read in the context's zone.
    static func moment(from text: String, context: ArgumentContext) -> TypedMoment? {
        if let typed = moment(from: text, timeZone: context.timeZone) { return typed }
        guard let natural = natural(from: text, context: context), let time = natural.time,
            let clock = WallClockTime(
                year: natural.day.year, month: natural.day.month, day: natural.day.day,
                hour: time.hour, minute: time.minute, second: time.second)
        else { return nil }
        return TypedMoment(clock: clock, resolution: clock.resolved(in: context.timeZone), spelling: natural.spelling)
    }

    /// `YYYY-MM-DD[T| ]HH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM|±HH]` as a person types it
    /// (``ISO8601Timestamp/Strictness/typed``); without an offset the time is local to
    /// `timeZone`, and may name no instant (clocks skipped it) or two.
    static func moment(from text: String, timeZone: any TimeZoneRules) -> TypedMoment? {
        guard let reading = ISO8601Timestamp.parse(text, strictness: .typed) else { return nil }
        let resolution = reading.instant.map { .unique($0) } ?? reading.clock.resolved(in: timeZone)
        return TypedMoment(clock: reading.clock, resolution: resolution, spelling: nil)
    }
}
