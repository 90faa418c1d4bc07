import Foundation
import TestSupport
import Testing

/// Natural dates end to end, in TZ=Europe/Berlin, relative to a fixed now (`DIARY_NOW`, so no
/// run meets a midnight between the diary's reading and the test's): every option that takes a
/// date reads them, and the daylight-saving rule holds for them too.
@Suite struct NaturalDateCommandTests {
    /// The moment every run reads relative dates from: a Wednesday after both of 2026's clock
    /// changes, late in the evening (22:45 in Berlin, 21:45 UTC: already Thursday east of UTC+2).
    static let now = "2026-12-02T22:45:00+01:00"
    static let nowDate = ISO8601DateFormatter().date(from: now)!

    /// Berlin's calendar, for the expected local days.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// The local day `offset` days from today in Berlin, as `YYYY-MM-DD`.
    static func day(_ offset: Int) -> String {
        let date = calendar.date(byAdding: .day, value: offset, to: calendar.startOfDay(for: nowDate))!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// How many days ago the Berlin day `year-month-day` was.
    static func daysAgo(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let then = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return calendar.dateComponents([.day], from: then, to: calendar.startOfDay(for: nowDate)).day!
    }

    @Test func newTakesADayWordWithATimeAsThatMoment() throws {
        let store = try TestStore(now: Self.now)
        let entry = try store.create(["--text", "Late", "--on", "yesterday 21:00"])
        let created = try #require(entry["creationTime"] as? String)
        #expect(created.hasPrefix(Self.day(-1) + "T21:00:00.000+"), "\(created)")
        let morning = try store.create(["--text", "Early", "--on", "3 days ago 9am"])
        #expect((morning["creationTime"] as? String)?.hasPrefix(Self.day(-3) + "T09:00:00.000+") == true)
    }

    @Test func newTakesADayFormAtTheCurrentTimeOfDayOnIt() throws {
        let store = try TestStore(now: Self.now)
        let entry = try store.create(["--text", "Week ago", "--on", "1 week ago"])
        #expect((entry["creationTime"] as? String)?.hasPrefix(Self.day(-7) + "T") == true)
    }

    @Test func listSearchAndExportSelectByNaturalDays() throws {
        let store = try TestStore(now: Self.now)
        _ = try store.create(["--text", "Old sunset", "--on", "10 days ago 20:00"])
        _ = try store.create(["--text", "Recent sunset", "--on", "2 days ago 20:00"])
        _ = try store.create(["--text", "Yesterday sunset", "--on", "yesterday 20:00"])
        #expect(try store.listedIDs(["--on", "yesterday"]) == [3])
        #expect(try store.listedIDs(["--on", "2 days ago"]) == [2])
        #expect(try store.listedIDs(["--from", "3 days ago", "--to", "yesterday"]) == [3, 2])
        #expect(try store.listedIDs(["--from", "2 weeks ago", "--to", "2 days ago 20:00"]) == [2, 1])
        #expect(try store.listedIDs(["--to", "2 days ago 19:59"]) == [1])
        let found = try #require(try store.json(["search", "sunset", "--from", "1 week ago"]) as? [[String: Any]])
        #expect(found.compactMap { $0["id"] as? Int } == [3, 2])
        let out = store.scratch.appendingPathComponent("out", isDirectory: true)
        try store.succeed(["export", "--from", "10 days ago", "--to", "10 days ago", "--output", out.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == 1)
    }

    @Test func aWeekdayIsTheLatestBeforeToday() throws {
        let store = try TestStore(now: Self.now)
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let weekday = Self.calendar.component(.weekday, from: Self.nowDate)
        let entry = try store.create(["--text", "Same weekday", "--on", names[weekday - 1] + " 12:00"])
        #expect((entry["creationTime"] as? String)?.hasPrefix(Self.day(-7) + "T12:00") == true)
        #expect(try store.listedIDs(["--on", "last " + String(names[weekday - 1].prefix(3)).uppercased()]) == [1])
    }

    @Test func editAndOnThisDayTakeNaturalDays() throws {
        let store = try TestStore(now: Self.now)
        _ = try store.create(["--text", "Moved", "--on", "today 07:15"])
        let edited = try #require(try store.json(["edit", "1", "--on", "2 days ago"]) as? [String: Any])
        #expect((edited["creationTime"] as? String)?.hasPrefix(Self.day(-2) + "T07:15:00.000+") == true)
        let onThisDay = try store.run(["list", "--on-this-day", "1 week ago"])
        #expect(onThisDay.status == 0, "\(onThisDay)")
    }

    @Test func aNaturalTimeInTheSpringGapIsRefusedNamingTheGap() throws {
        let store = try TestStore(now: Self.now)
        let words = "\(Self.daysAgo(2026, 3, 29)) days ago 02:30"
        let result = try store.run(["new", "--text", "Too early", "--on", words])
        #expect(result.status == 64)
        #expect(result.stderr.contains("The value '\(words)' is invalid for '--on <date>'"))
        #expect(
            result.stderr.contains(
                "\(words) is 2026-03-29 02:30, which does not exist in Europe/Berlin: "
                    + "on 2026-03-29 the clocks went from 02:00 straight to 03:00"))
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent("Diary.sqlite").path))
    }

    @Test func aRepeatedNaturalTimeTakesTheFirstOccurrenceWithANote() throws {
        let store = try TestStore(now: Self.now)
        let words = "\(Self.daysAgo(2026, 10, 25)) days ago 02:30"
        let result = try store.run(["new", "--text", "Night", "--on", words, "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"creationTime\": \"2026-10-25T02:30:00.000+02:00\""), "\(result.stdout)")
        #expect(
            result.stderr == "Note: \(words) is 2026-10-25 02:30, which occurs twice in Europe/Berlin (the clocks "
                + "were put back that night); taking the first, 2026-10-25T02:30+02:00. For the second, write "
                + "2026-10-25T02:30+01:00.\n")
    }

    @Test func theDaysOfBothChangesAreWholeLocalDays() throws {
        let store = try TestStore(now: Self.now)
        _ = try store.create(["--text", "Spring", "--on", "2026-03-29 23:30"])
        _ = try store.create(["--text", "Autumn", "--on", "2026-10-25 00:10"])
        #expect(try store.listedIDs(["--on", "\(Self.daysAgo(2026, 3, 29)) days ago"]) == [1])
        #expect(try store.listedIDs(["--on", "\(Self.daysAgo(2026, 10, 25)) days ago"]) == [2])
    }

    @Test func diaryNowFixesTodayAndAMalformedOneIsNamedAndTheClockUsed() throws {
        let store = try TestStore(now: Self.now)
        let entry = try store.create(["--text", "x", "--on", "yesterday 08:00"])
        #expect(entry["creationTime"] as? String == "2026-12-01T08:00:00.000+01:00")
        let malformed = try store.run(["list", "--on", "today"], environment: ["DIARY_NOW": "noon"])
        #expect(malformed.status == 0)
        #expect(
            malformed.stderr == "diary: warning: DIARY_NOW='noon' is no ISO 8601 time with offset "
                + "(such as 2026-12-04T09:30:00+01:00); relative dates are read from the clock\n")
    }

    @Test func anUnknownFormIsAUsageErrorListingTheAcceptedForms() throws {
        let store = try TestStore(now: Self.now)
        let result = try store.run(["list", "--from", "next week"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The value 'next week' is invalid for '--from <date>'\n"))
        #expect(result.stderr.contains("yesterday 21:00") && result.stderr.contains("3 days ago"))
        let timeForADay = try store.run(["list", "--on", "yesterday 21:00"])
        #expect(timeForADay.status == 64)
        #expect(timeForADay.stderr.contains("The value 'yesterday 21:00' is invalid for '--on <day>'"))
        #expect(
            timeForADay.stderr.contains(
                "Hint: yesterday 21:00 has a time of day, but a whole day is wanted here. "
                    + "Accepted forms: 2026-11-29, today, yesterday"))
    }
}
