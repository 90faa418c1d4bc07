import Foundation
import Testing

@testable import DiaryKit

/// Entries around the end of summer time in Berlin (2026-10-25, 03:00 CEST → 02:00 CET,
/// a 25-hour day) and the October/November boundary, where UTC and local days differ.
@Suite struct BrowsingTests {
    let store: TestDiary
    let berlin: TimeZone
    /// Texts by local wall-clock time in Berlin.
    let times: [(String, Date)]

    init() throws {
        store = try TestDiary()
        berlin = try zone("Europe/Berlin")
        times = [
            ("a: Oct 24 late", try localTime(2026, 10, 24, 23, 30, in: berlin)),
            ("b: Oct 25 just after midnight (still Oct 24 in UTC)", try localTime(2026, 10, 25, 0, 30, in: berlin)),
            ("c: Oct 25 late, after the clocks went back", try localTime(2026, 10, 25, 23, 30, in: berlin)),
            ("d: Oct 31 last minute", try localTime(2026, 10, 31, 23, 59, in: berlin)),
            ("e: Nov 1 after midnight (still Oct 31 in UTC)", try localTime(2026, 11, 1, 0, 15, in: berlin)),
            ("f: Nov 1 noon", try localTime(2026, 11, 1, 12, in: berlin))
        ]
        // Saved out of order, so ordering comes from the times, not the ids.
        for index in [3, 0, 5, 1, 4, 2] { try store.add(times[index].0, at: times[index].1, writtenIn: berlin) }
    }

    private func letters(
        _ filter: EntryFilter, newestFirst: Bool = false, limit: Int? = nil,
        in timeZone: TimeZone? = nil
    ) throws -> String {
        let query = DiaryQuery(filter: filter, newestFirst: newestFirst, limit: limit, timeZone: timeZone ?? berlin)
        return try store.diary.entries(query).map { String($0.text?.prefix(1) ?? "?") }.joined()
    }

    private func day(_ text: String) throws -> DiaryDay { try #require(DiaryDay(iso: text)) }

    @Test func byLocalDayAcrossTheDSTChange() throws {
        #expect(try letters(EntryFilter(period: .day(day("2026-10-24")))) == "a")
        #expect(try letters(EntryFilter(period: .day(day("2026-10-25")))) == "bc")
        #expect(try letters(EntryFilter(period: .day(day("2026-11-01")))) == "ef")
        // Read in UTC, the day holds the same entries: each is counted on its own (Berlin) clock.
        #expect(try letters(EntryFilter(period: .day(day("2026-10-25"))), in: zone("UTC")) == "bc")
    }

    @Test func byRangeAndMonthAcrossTheMonthBoundary() throws {
        #expect(try letters(EntryFilter(period: .days(from: day("2026-10-31"), through: day("2026-11-01")))) == "def")
        #expect(try letters(EntryFilter(period: .days(from: day("2026-10-25"), through: nil))) == "bcdef")
        #expect(try letters(EntryFilter(period: .days(from: nil, through: day("2026-10-25")))) == "abc")
        #expect(try letters(EntryFilter(period: .month(CalendarMonth(unchecked: 2026, 10)))) == "abcd")
        #expect(try letters(EntryFilter(period: .month(CalendarMonth(unchecked: 2026, 11)))) == "ef")
        #expect(try letters(EntryFilter(period: .month(CalendarMonth(unchecked: 2026, 11))), in: zone("UTC")) == "ef")
        #expect(try letters(EntryFilter(period: .year(CalendarYear(unchecked: 2026)))) == "abcdef")
        #expect(try letters(EntryFilter(period: .year(CalendarYear(unchecked: 2025)))) == "")
        let start = try localTime(2026, 10, 25, 0, 0, in: berlin)
        let end = try localTime(2026, 10, 26, 0, 0, in: berlin)
        #expect(end.timeIntervalSince(start) == 25 * 3600)
        #expect(try letters(EntryFilter(period: .interval(start: start, end: end))) == "bc")
    }

    @Test func newestFirstByDefaultWithALimit() throws {
        #expect(try letters(EntryFilter(), newestFirst: true) == "fedcba")
        #expect(try letters(EntryFilter(), newestFirst: true, limit: 2) == "fe")
        #expect(try letters(EntryFilter(), newestFirst: false, limit: 2) == "ab")
        let defaults = try store.diary.entries(DiaryQuery(timeZone: berlin))
        #expect(defaults.first?.text?.hasPrefix("f") == true)
    }

    @Test func sectionsAreLocalDays() throws {
        let sections = try store.diary.daySections(DiaryQuery(newestFirst: false, timeZone: berlin))
        #expect(sections.map(\.day.description) == ["2026-10-24", "2026-10-25", "2026-10-31", "2026-11-01"])
        #expect(sections.map(\.entries.count) == [1, 2, 1, 2])
        let newest = try store.diary.daySections(DiaryQuery(timeZone: berlin))
        #expect(newest.map(\.day.description) == ["2026-11-01", "2026-10-31", "2026-10-25", "2026-10-24"])
        #expect(newest[0].entries.map { $0.text?.prefix(1) } == ["f", "e"])
    }

    @Test func calendarCountsLocalDays() throws {
        let october = try store.diary.calendar(year: 2026, month: 10, timeZone: berlin)
        #expect(october.monthString == "2026-10")
        #expect(october.days.count == 31)
        #expect(october.counts == [try day("2026-10-24"): 1, try day("2026-10-25"): 2, try day("2026-10-31"): 1])
        let november = try store.diary.calendar(year: 2026, month: 11, timeZone: berlin)
        #expect(november.counts == [try day("2026-11-01"): 2])
        #expect(november.days.count == 30)
        let utc = try store.diary.calendar(year: 2026, month: 10, timeZone: zone("UTC"))
        #expect(utc.counts == october.counts, "each entry counted on its own clock, whoever reads")
    }

    @Test func daysParseAndStepCorrectly() throws {
        #expect(DiaryDay(iso: "2026-02-29") == nil)
        #expect(DiaryDay(iso: "2026-13-01") == nil)
        #expect(DiaryDay(iso: "26-1-1") == nil)
        #expect(try day("2026-12-31").next.description == "2027-01-01")
        #expect(try day("2026-03-01").adding(days: -1).description == "2026-02-28")
        #expect(try day("2026-10-25").start(in: berlin) == (try localTime(2026, 10, 25, 0, in: berlin)))
    }
}
