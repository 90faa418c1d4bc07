import DiaryKit
import Foundation
import Testing

@testable import DiaryCLI

@Suite struct DateParsingTests {
    let berlin = ArgumentContext(
        calendar: .localGregorian(in: TestConsole.berlin), now: TestConsole.now,
        currentDirectory: URL(fileURLWithPath: "/"))

    /// A UTC moment written as ISO 8601 with `Z`, for expectations.
    func utc(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let numbers = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        return calendar.date(
            from: DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2],
                hour: numbers[3], minute: numbers[4],
                second: numbers.count > 5 ? numbers[5] : 0))!
    }

    func specifier(_ text: String, in context: ArgumentContext? = nil) -> DateSpecifier? {
        DateSpecifier(argument: text, context: context ?? berlin)
    }

    @Test func aDateWithoutTimeIsTheWholeLocalDay() throws {
        let date = try #require(specifier("2026-11-29"))
        #expect(date.kind == .day(DiaryDay(year: 2026, month: 11, day: 29)!))
        #expect(date.start == utc("2026-11-28T23:00"))
        #expect(date.end == utc("2026-11-29T23:00"))
    }

    @Test func spacesAndTabsAroundADateAreIgnoredButNotNewlines() throws {
        #expect(specifier(" \t2026-11-29  ")?.kind == .day(DiaryDay(year: 2026, month: 11, day: 29)!))
        #expect(specifier("\t2026-11-29 14:03 ")?.start == utc("2026-11-29T13:03"))
        #expect(specifier("2026-11-29\n") == nil)
        #expect(specifier("   ") == nil)
    }

    @Test func theDayOfTheAutumnChangeInBerlinIs25HoursLong() throws {
        let date = try #require(specifier("2026-10-25"))
        #expect(date.start == utc("2026-10-24T22:00"))
        #expect(date.end == utc("2026-10-25T23:00"))
        #expect(date.interval.duration == 25 * 3600)
    }

    @Test func theDayOfTheSpringChangeInBerlinIs23HoursLong() throws {
        let date = try #require(specifier("2026-03-29"))
        #expect(date.start == utc("2026-03-28T23:00"))
        #expect(date.interval.duration == 23 * 3600)
    }

    @Test func localTimesFollowSummerAndWinterTime() {
        #expect(specifier("2026-11-29 14:30")?.start == utc("2026-11-29T13:30"))
        #expect(specifier("2026-07-01T14:30")?.start == utc("2026-07-01T12:30"))
        #expect(specifier("2026-11-29 14:30:15")?.start == utc("2026-11-29T13:30:15"))
        // Either side of the autumn change, one hour of wall time apart is two hours of real time.
        let before = specifier("2026-10-25 01:30")?.start
        let after = specifier("2026-10-25 03:30")?.start
        #expect(before == utc("2026-10-24T23:30"))
        #expect(after == utc("2026-10-25T02:30"))
    }

    @Test func aRepeatedWallTimeIsReadAsItsFirstOccurrenceWithANote() {
        // 02:30 happens twice in Berlin on 2026-10-25: first in summer time (+02:00).
        #expect(specifier("2026-10-25 02:30")?.start == utc("2026-10-25T00:30"))
        #expect(
            specifier("2026-10-25 02:30")?.note?.hasPrefix("2026-10-25 02:30 occurs twice in Europe/Berlin") == true)
        #expect(specifier("2026-10-25 03:30")?.note == nil)
    }

    @Test func aWallTimeTheClocksSkippedIsRefusedAndExplained() {
        #expect(specifier("2026-03-29 02:30") == nil)
        #expect(specifier("2026-03-29 02:00") == nil)
        #expect(specifier("2026-03-29 03:00")?.start == utc("2026-03-29T01:00"))
        #expect(specifier("2026-03-29T02:30+01:00")?.start == utc("2026-03-29T01:30"))
        #expect(
            DateSpecifier.explanation(ofInvalid: "2026-03-29 02:30", context: berlin)
                == "2026-03-29 02:30 does not exist in Europe/Berlin: on 2026-03-29 the clocks went from 02:00 "
                + "straight to 03:00. Give a time outside that gap, or one with an offset.")
        #expect(DateSpecifier.explanation(ofInvalid: "2026-13-01", context: berlin) == nil)
    }

    @Test func datesBefore1583AreProlepticGregorian() throws {
        let utcContext = ArgumentContext(
            timeZone: TimeZone(identifier: "UTC")!, now: TestConsole.now,
            currentDirectory: URL(fileURLWithPath: "/"))
        // 1500-06-15 is 171,499 days before 1970-01-01 in the proleptic Gregorian calendar.
        let date = try #require(specifier("1500-06-15 12:00", in: utcContext))
        #expect(date.start.timeIntervalSince1970 == Double(-171_499 * 86_400 + 12 * 3600))
        #expect(date.day == DiaryDay(year: 1500, month: 6, day: 15))
        #expect(specifier("0001-01-01", in: utcContext)?.start.timeIntervalSince1970 == -62_135_596_800)
        #expect(specifier("0000-12-31", in: utcContext) == nil)
    }

    @Test func offsetsOverrideTheLocalTimeZone() {
        #expect(specifier("2026-11-29T14:30Z")?.start == utc("2026-11-29T14:30"))
        #expect(specifier("2026-11-29T14:30:15+05:30")?.start == utc("2026-11-29T09:00:15"))
        #expect(specifier("2026-11-29 14:30-0800")?.start == utc("2026-11-29T22:30"))
        #expect(specifier("2026-11-29T14:30+01")?.start == utc("2026-11-29T13:30"))
    }

    @Test func fractionalSecondsAreKept() throws {
        let date = try #require(specifier("2026-11-29T14:30:15.25Z"))
        #expect(date.start.timeIntervalSince(utc("2026-11-29T14:30:15")) == 0.25)
    }

    @Test func aMomentKnowsItsLocalDay() {
        // 23:30 UTC on the 29th is already the 30th in Berlin.
        #expect(specifier("2026-11-29T23:30Z")?.day == DiaryDay(year: 2026, month: 11, day: 30))
    }

    @Test func wordsAreRelativeToNowInTheLocalTimeZone() {
        #expect(specifier("today")?.kind == .day(DiaryDay(year: 2026, month: 11, day: 29)!))
        #expect(specifier("Yesterday")?.kind == .day(DiaryDay(year: 2026, month: 11, day: 28)!))
        #expect(specifier("TOMORROW")?.kind == .day(DiaryDay(year: 2026, month: 11, day: 30)!))
        // At 12:00 UTC it is already the next day in Kiribati (+14:00).
        let kiribati = ArgumentContext(
            calendar: .localGregorian(in: TimeZone(identifier: "Pacific/Kiritimati")!),
            now: TestConsole.now, currentDirectory: URL(fileURLWithPath: "/"))
        #expect(specifier("today", in: kiribati)?.day == DiaryDay(year: 2026, month: 11, day: 30))
    }

    @Test func yesterdayCrossesMonthAndYearBoundaries() {
        let newYear = ArgumentContext(
            calendar: .localGregorian(in: TestConsole.berlin),
            now: utc("2027-01-01T08:00"), currentDirectory: URL(fileURLWithPath: "/"))
        #expect(specifier("yesterday", in: newYear)?.day == DiaryDay(year: 2026, month: 12, day: 31))
        #expect(DiaryDay(year: 2026, month: 2, day: 28)?.adding(days: 1) == DiaryDay(year: 2026, month: 3, day: 1))
        #expect(DiaryDay(year: 2028, month: 2, day: 28)?.adding(days: 1) == DiaryDay(year: 2028, month: 2, day: 29))
        #expect(DiaryDay(year: 2026, month: 12, day: 1)?.adding(days: -1) == DiaryDay(year: 2026, month: 11, day: 30))
    }

    @Test func consecutiveDaysMeetWithoutGapOrOverlap() throws {
        let calendar = berlin.timeZone
        var day = try #require(DiaryDay(year: 2026, month: 10, day: 20))
        for _ in 0..<20 {
            #expect(day.interval(in: calendar).end == day.adding(days: 1).interval(in: calendar).start)
            day = day.adding(days: 1)
        }
    }

    @Test func daysSince1970RoundTrips() {
        for count in stride(from: -800_000, through: 2_900_000, by: 997) {
            #expect(DiaryDay(daysSince1970: count).daysSince1970 == count)
        }
        #expect(DiaryDay(daysSince1970: 0) == DiaryDay(year: 1970, month: 1, day: 1))
        #expect(DiaryDay(year: 2026, month: 11, day: 29)?.weekday == 1)  // a Sunday
        #expect(DiaryDay(year: 2026, month: 11, day: 28)?.weekday == 7)
    }

    @Test func aMonthSpansItsDaysIncludingTheClockChange() throws {
        let october = try #require(CalendarMonth(argument: "2026-10", context: berlin))
        let interval = october.interval(in: berlin.timeZone)
        #expect(interval.start == utc("2026-09-30T22:00"))
        #expect(interval.end == utc("2026-10-31T23:00"))
        #expect(interval.duration == (31 * 24 + 1) * 3600)
        #expect(october.days.count == 31)
        #expect(CalendarMonth(year: 2028, month: 2)?.days.last == DiaryDay(year: 2028, month: 2, day: 29))
        #expect(CalendarMonth(year: 2026, month: 12)?.adding(months: 1) == CalendarMonth(year: 2027, month: 1))
        #expect(CalendarMonth(year: 2026, month: 1)?.adding(months: -1) == CalendarMonth(year: 2025, month: 12))
        #expect(october.description == "2026-10")
    }

    @Test func aYearSpansFromLocalNewYearToLocalNewYear() throws {
        let year = try #require(CalendarYear(argument: "2026", context: berlin))
        let interval = year.interval(in: berlin.timeZone)
        #expect(interval.start == utc("2025-12-31T23:00"))
        #expect(interval.end == utc("2026-12-31T23:00"))
        #expect(CalendarYear(argument: "26", context: berlin) == nil)
    }

    @Test(arguments: [
        "2026-13-01", "2026-02-29", "2026-11-31", "26-11-29", "2026-1-29", "2026-11-29 24:00",
        "2026-11-29 14:60", "2026-11-29T14", "2026-11-29 14:30 foo", "2026-11-29T14:30+19:00",
        "2026-11-29T14:30+01:", "next week", "", "2026/11/29", "２０２６-11-29", "0000-01-01"
    ])
    func badFormsAreRejected(text: String) {
        #expect(specifier(text) == nil)
    }

    @Test func badMonthsAreRejected() {
        for text in ["2026-13", "2026-1", "2026-11-29", "November", ""] {
            #expect(CalendarMonth(argument: text, context: berlin) == nil, "\(text)")
        }
    }

    @Test func timestampsCarryTheLocalOffset() {
        let moment = utc("2026-11-29T13:03")
        #expect(ISO8601Timestamp.string(from: moment, in: TestConsole.berlin) == "2026-11-29T14:03:00+01:00")
        #expect(
            ISO8601Timestamp.string(from: utc("2026-07-01T12:00"), in: TestConsole.berlin)
                == "2026-07-01T14:00:00+02:00")
        #expect(ISO8601Timestamp.string(from: moment, in: TimeZone(identifier: "UTC")!) == "2026-11-29T13:03:00+00:00")
        #expect(
            ISO8601Timestamp.string(from: moment, in: TimeZone(identifier: "America/St_Johns")!)
                == "2026-11-29T09:33:00-03:30")
        let fraction = moment.addingTimeInterval(0.2509)
        #expect(
            ISO8601Timestamp.string(from: fraction, in: TestConsole.berlin, fractionalSeconds: true)
                == "2026-11-29T14:03:00.250+01:00")
    }

    @Test func theCommandLineReadsDatesAsTyped() {
        // ISO8601Timestamp.parse with .typed: the typographic minus, an hour offset, at most nine fraction digits.
        #expect(specifier("2026-11-29T14:30\u{2212}01:00")?.start == utc("2026-11-29T15:30"))
        #expect(specifier("2026-11-29T14:30:15.123456789Z") != nil)
        #expect(specifier("2026-11-29T14:30:15.1234567891Z") == nil)
        #expect(CalendarMonth(argument: " 2026-11\t", context: berlin) == CalendarMonth(year: 2026, month: 11))
        #expect(CalendarMonth(argument: "+026-11", context: berlin) == nil)
    }

    @Test func diaryNowIsReadAsAProgramWritesIt() {
        // ISO8601Timestamp.parse with .written, an offset required.
        #expect(
            ArgumentContext.now(environment: ["DIARY_NOW": "2026-12-04T09:30:00+01:00"]).now == utc("2026-12-04T08:30"))
        #expect(ArgumentContext.now(environment: ["DIARY_NOW": "2026-12-04T08:30:00.250Z"]).warning == nil)
        for text in ["2026-12-04T09:30:00+01", " 2026-12-04T09:30:00+01:00", "2026-12-04T09:30:00", "2026-12-04"] {
            #expect(ArgumentContext.now(environment: ["DIARY_NOW": text]).warning != nil, "\(text)")
        }
    }

    @Test func aTimestampReadsBackAsTheSameMoment() {
        let moment = utc("2026-10-25T00:30")
        let text = ISO8601Timestamp.string(from: moment, in: TestConsole.berlin)
        #expect(text == "2026-10-25T02:30:00+02:00")
        #expect(specifier(text)?.start == moment)
    }
}

@Suite struct LocalTimeArithmeticTests {
    /// Moments every 97 minutes and 13 seconds over three years, DST changes included.
    static let moments = stride(from: 1_735_000_000.0, to: 1_830_000_000.0, by: 5833.0)
        .map { Date(timeIntervalSince1970: $0) }

    @Test(arguments: ["Europe/Berlin", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func dayAndTimestampAgreeWithCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let calendar = Calendar.localGregorian(in: timeZone)
        for moment in Self.moments {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
            let day = DiaryDay(moment, in: timeZone)
            #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day].map { $0 ?? 0 })
            let stamp = ISO8601Timestamp.string(from: moment, in: timeZone)
            let clock = [parts.hour, parts.minute, parts.second].map { ($0 ?? 0).zeroPadded(2) }.joined(separator: ":")
            #expect(stamp.hasPrefix(day.description + "T" + clock), "\(moment) in \(zone)")
        }
    }

    @Test func momentsBefore1970WorkToo() {
        let moment = Date(timeIntervalSince1970: -1.5)  // 1969-12-31T23:59:58.5Z
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            ISO8601Timestamp.string(from: moment, in: utc, fractionalSeconds: true) == "1969-12-31T23:59:58.500+00:00")
        #expect(DiaryDay(moment, in: utc) == DiaryDay(year: 1969, month: 12, day: 31))
    }
}
