import DiaryKit
import Foundation
import Testing

@testable import DiaryCLI

/// Natural dates (`yesterday 21:00`, `9am`, `last monday`, `3 days ago`), read in Berlin
/// relative to a fixed now: 2026-11-29 12:00 UTC, 13:00 local, a Sunday.
@Suite struct NaturalDateParsingTests {
    let berlin = NaturalDateParsingTests.context(now: TestConsole.now)

    /// A Berlin context whose `now` is `now`.
    static func context(now: Date) -> ArgumentContext {
        ArgumentContext(
            calendar: .localGregorian(in: TestConsole.berlin), now: now,
            currentDirectory: URL(fileURLWithPath: "/"))
    }

    /// A UTC moment written `YYYY-MM-DDTHH:MM`.
    static func utc(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let numbers = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        return calendar.date(
            from: DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2],
                hour: numbers[3], minute: numbers[4]))!
    }

    func utc(_ text: String) -> Date { Self.utc(text) }

    func specifier(_ text: String, in context: ArgumentContext? = nil) -> DateSpecifier? {
        DateSpecifier(argument: text, context: context ?? berlin)
    }

    func day(_ year: Int, _ month: Int, _ day: Int) -> DiaryDay { DiaryDay(year: year, month: month, day: day)! }

    @Test func aDayWordWithATimeIsThatMomentOfThatLocalDay() {
        #expect(specifier("yesterday 21:00")?.kind == .moment(utc("2026-11-28T20:00")))
        #expect(specifier("today 9am")?.kind == .moment(utc("2026-11-29T08:00")))
        #expect(specifier("today 9:30pm")?.kind == .moment(utc("2026-11-29T20:30")))
        #expect(specifier("Today 9 AM")?.kind == .moment(utc("2026-11-29T08:00")))
        #expect(specifier("today 12pm")?.kind == .moment(utc("2026-11-29T11:00")))
        #expect(specifier("today 12:15am")?.kind == .moment(utc("2026-11-28T23:15")))
        #expect(specifier("yesterday 21:00:30")?.start == utc("2026-11-28T20:00").addingTimeInterval(30))
    }

    @Test func twelveAMIsTheMidnightStartingThatDay() {
        #expect(specifier("tomorrow 12am")?.kind == .moment(utc("2026-11-29T23:00")))
        #expect(specifier("tomorrow 12am")?.day == day(2026, 11, 30))
    }

    @Test func aBareTimeIsThatTimeToday() {
        #expect(specifier("14:30")?.kind == .moment(utc("2026-11-29T13:30")))
        #expect(specifier("9am")?.kind == .moment(utc("2026-11-29T08:00")))
        #expect(specifier("9:30pm")?.kind == .moment(utc("2026-11-29T20:30")))
        #expect(specifier("9:05")?.kind == .moment(utc("2026-11-29T08:05")))
    }

    @Test func aWeekdayIsTheMostRecentPastOneNeverToday() {
        // Now is Sunday, 29 November 2026.
        #expect(specifier("monday")?.kind == .day(day(2026, 11, 23)))
        #expect(specifier("last monday")?.kind == .day(day(2026, 11, 23)))
        #expect(specifier("Mon")?.kind == .day(day(2026, 11, 23)))
        #expect(specifier("LAST MON")?.kind == .day(day(2026, 11, 23)))
        #expect(specifier("saturday")?.kind == .day(day(2026, 11, 28)))
        #expect(specifier("sun")?.kind == .day(day(2026, 11, 22)))
        #expect(specifier("sunday")?.kind == .day(day(2026, 11, 22)))
        #expect(specifier("wed")?.kind == .day(day(2026, 11, 25)))
    }

    @Test func aWeekdayWithATimeIsAMoment() {
        #expect(specifier("friday 18:00")?.kind == .moment(utc("2026-11-27T17:00")))
        #expect(specifier("last fri 6pm")?.kind == .moment(utc("2026-11-27T17:00")))
    }

    @Test func daysAndWeeksAgoAreWholeLocalDays() {
        #expect(specifier("3 days ago")?.kind == .day(day(2026, 11, 26)))
        #expect(specifier("1 day ago")?.kind == .day(day(2026, 11, 28)))
        #expect(specifier("2 weeks ago")?.kind == .day(day(2026, 11, 15)))
        #expect(specifier("1 week ago")?.kind == .day(day(2026, 11, 22)))
        #expect(specifier("3  days\tago")?.kind == .day(day(2026, 11, 26)))
        #expect(specifier("3 days ago 08:00")?.kind == .moment(utc("2026-11-26T07:00")))
        #expect(specifier("2 weeks ago 9pm")?.kind == .moment(utc("2026-11-15T20:00")))
    }

    @Test func theDayFormsAreAcceptedWhereOnlyADayIsTaken() {
        #expect(DiaryDay(argument: "monday", context: berlin) == day(2026, 11, 23))
        #expect(DiaryDay(argument: "3 days ago", context: berlin) == day(2026, 11, 26))
        #expect(DiaryDay(argument: "2 weeks ago", context: berlin) == day(2026, 11, 15))
        #expect(DiaryDay(argument: "yesterday 21:00", context: berlin) == nil)
        #expect(DiaryDay(argument: "14:30", context: berlin) == nil)
        #expect(DiaryDay.acceptedForms.contains("3 days ago"))
    }

    @Test func aTimeWhereOnlyADayIsTakenIsExplained() {
        #expect(
            DiaryDay.explanation(ofInvalid: "yesterday 21:00", context: berlin)
                == "yesterday 21:00 has a time of day, but a whole day is wanted here. Accepted forms: "
                + DiaryDay.acceptedForms.joined(separator: ", ") + ".")
        #expect(
            DiaryDay.explanation(ofInvalid: "2026-11-29 14:30", context: berlin)?.hasPrefix(
                "2026-11-29 14:30 has a time of day") == true)
        #expect(DiaryDay.explanation(ofInvalid: "someday", context: berlin) == nil)
    }

    @Test func yesterdayAfterTheSpringChangeIsThe23HourDay() throws {
        let context = Self.context(now: utc("2026-03-30T06:00"))
        let date = try #require(specifier("yesterday", in: context))
        #expect(date.kind == .day(day(2026, 3, 29)))
        #expect(date.start == utc("2026-03-28T23:00"))
        #expect(date.interval.duration == 23 * 3600)
    }

    @Test func yesterdayJustAfterMidnightFollowingTheAutumnChangeIsThe25HourDay() throws {
        // 2026-10-25T23:30Z is 00:30 on the 26th in Berlin (+01:00 by then).
        let context = Self.context(now: utc("2026-10-25T23:30"))
        let date = try #require(specifier("yesterday", in: context))
        #expect(date.kind == .day(day(2026, 10, 25)))
        #expect(date.interval.duration == 25 * 3600)
        #expect(specifier("today", in: context)?.kind == .day(day(2026, 10, 26)))
        #expect(specifier("1 day ago", in: context)?.kind == .day(day(2026, 10, 25)))
    }

    @Test func aNaturalTimeInTheSpringGapIsRefusedNamingTheGap() {
        let context = Self.context(now: utc("2026-03-30T06:00"))
        #expect(specifier("yesterday 02:30", in: context) == nil)
        #expect(specifier("sunday 2:30am", in: context) == nil)
        #expect(specifier("yesterday 03:00", in: context)?.start == utc("2026-03-29T01:00"))
        #expect(
            DateSpecifier.explanation(ofInvalid: "yesterday 02:30", context: context)
                == "yesterday 02:30 is 2026-03-29 02:30, which does not exist in Europe/Berlin: on 2026-03-29 the "
                + "clocks went from 02:00 straight to 03:00. Give a time outside that gap, or a date and time with "
                + "an offset such as 2026-03-29T03:30+02:00.")
        #expect(DateSpecifier.explanation(ofInvalid: "yesterday 03:00", context: context) == nil)
    }

    @Test func aRepeatedNaturalTimeIsItsFirstOccurrenceWithANote() {
        let context = Self.context(now: utc("2026-10-26T09:00"))
        let date = specifier("yesterday 02:30", in: context)
        #expect(date?.start == utc("2026-10-25T00:30"))
        #expect(
            date?.note == "yesterday 02:30 is 2026-10-25 02:30, which occurs twice in Europe/Berlin (the clocks "
                + "were put back that night); taking the first, 2026-10-25T02:30+02:00. For the second, write "
                + "2026-10-25T02:30+01:00.")
        #expect(specifier("yesterday 03:30", in: context)?.note == nil)
    }

    @Test(arguments: [
        "9", "13pm", "0am", "24:00", "9:3", "9:60", "monday 25:00", "3 days", "days ago", "-3 days ago",
        "3 months ago", "three days ago", "next monday", "last", "last today", "yesterday yesterday",
        "today 9:30 pm extra", "tuesdays", "mo", "today\n9am", "9am today", "99999999 days ago",
        "3 days ago ago", "2026-11-29 9pm", "today 14:30Z"
    ])
    func unknownNaturalFormsAreRejected(text: String) {
        #expect(specifier(text) == nil)
    }

    @Test func theAcceptedFormsNameTheNaturalOnes() {
        for form in ["14:30", "9:30pm", "yesterday 21:00", "last monday", "3 days ago"] {
            #expect(DateSpecifier.acceptedForms.contains(form), "\(form)")
            #expect(DateSpecifier(argument: form, context: berlin) != nil, "\(form)")
        }
    }
}

/// The help of every date option shows that natural dates are taken, and each example it
/// gives is one the option accepts.
@Suite struct NaturalDateHelpTests {
    @Test func everyDateOptionsHelpShowsNaturalFormsItAccepts() throws {
        let context = NaturalDateParsingTests.context(now: TestConsole.now)
        let moments = try [
            declaredParameter("from", of: PeriodOptions.self), declaredParameter("to", of: PeriodOptions.self),
            declaredParameter("on", of: NewCommand.self), declaredParameter("on", of: EditCommand.self)
        ]
        let days = try [
            declaredParameter("on", of: PeriodOptions.self), declaredParameter("date", of: ListCommand.self)
        ]
        for spec in moments + days {
            #expect(spec.help.contains("yesterday") && spec.help.contains("3 days ago"), "\(spec.name): \(spec.help)")
            #expect(spec.convert("3 days ago", context) != nil, "\(spec.name)")
        }
        for spec in moments {
            #expect(spec.help.contains("friday 18:00"), "\(spec.name): \(spec.help)")
            #expect(spec.convert("friday 18:00", context) != nil, "\(spec.name)")
        }
        #expect(ListCommand.configuration.discussion.contains("last monday"))
    }
}
