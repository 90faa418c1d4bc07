import Foundation
import ObjectGraph
import Testing

@testable import DiaryKit

/// Entries are listed, grouped, filtered, counted and remembered by the day on the clock of the
/// zone they were written in, whatever the reader's zone (as Day One does): a New York evening
/// stays that evening for a reader in Berlin.
@Suite struct OwnZoneTests {
    let store: TestDiary
    let berlin: TimeZone
    let newYork: TimeZone

    init() throws {
        store = try TestDiary()
        berlin = try zone("Europe/Berlin")
        newYork = try zone("America/New_York")
        // Wednesday 21 October 2026, 22:00 in New York: Thursday 04:00 in Berlin.
        try store.add("dinner in Brooklyn", at: localTime(2026, 10, 21, 22, in: newYork), writtenIn: newYork)
        // Thursday 22 October 2026, 01:00 in Berlin: Wednesday 19:00 in New York.
        try store.add("night in Berlin", at: localTime(2026, 10, 22, 1, in: berlin), writtenIn: berlin)
        // Written with only an offset known (a camera's), Wednesday 23:30 at UTC-04:00.
        try store.add(
            "offset only", at: localTime(2026, 10, 21, 23, 30, in: zone("GMT-0400")), writtenIn: zone("GMT-0400"))
    }

    private func day(_ text: String) throws -> DiaryDay { try #require(DiaryDay(iso: text)) }

    private func texts(on day: DiaryDay, readIn zone: TimeZone) throws -> [String] {
        let query = DiaryQuery(filter: EntryFilter(period: .day(day)), newestFirst: false, timeZone: zone)
        return try store.diary.entries(query).compactMap(\.text)
    }

    @Test func aDayIsEachEntrysOwnDayWhateverTheReadersZone() throws {
        for reader in [berlin, newYork, try zone("UTC"), try zone("Asia/Tokyo")] {
            #expect(try texts(on: day("2026-10-21"), readIn: reader) == ["dinner in Brooklyn", "offset only"])
            #expect(try texts(on: day("2026-10-22"), readIn: reader) == ["night in Berlin"])
        }
    }

    @Test func monthsYearsAndRangesCountOwnDays() throws {
        let october = EntryFilter(period: .month(CalendarMonth(unchecked: 2026, 10)))
        #expect(try store.diary.entries(DiaryQuery(filter: october, timeZone: berlin)).count == 3)
        let range = EntryFilter(period: .days(from: try day("2026-10-22"), through: nil))
        #expect(
            try store.diary.entries(DiaryQuery(filter: range, timeZone: newYork)).compactMap(\.text) == [
                "night in Berlin"
            ])
    }

    @Test func sectionsAndGroupingUseOwnDaysInOwnClockOrder() throws {
        let sections = try store.diary.daySections(DiaryQuery(newestFirst: false, timeZone: berlin))
        #expect(sections.map(\.day.description) == ["2026-10-21", "2026-10-22"])
        #expect(sections[0].entries.compactMap(\.text) == ["dinner in Brooklyn", "offset only"])
        let records = try store.diary.entries(DiaryQuery(newestFirst: false, timeZone: berlin))
        #expect(DaySection.grouping(records).map(\.day.description) == ["2026-10-21", "2026-10-22"])
        let brooklyn = try #require(records.first)
        #expect(brooklyn.localDay.description == "2026-10-21")
        #expect(brooklyn.ownOffset == -4 * 3600)
    }

    @Test func theCalendarCountsOwnDays() throws {
        let calendar = try store.diary.calendar(year: 2026, month: 10, timeZone: berlin)
        #expect(calendar.counts[try day("2026-10-21")] == 2)
        #expect(calendar.counts[try day("2026-10-22")] == 1)
    }

    @Test func onThisDayMatchesOwnDays() throws {
        let found = try store.diary.onThisDay(try day("2027-10-21"), query: DiaryQuery(timeZone: berlin))
        #expect(found.compactMap(\.text).sorted() == ["dinner in Brooklyn", "offset only"])
    }

    @Test func anIntervalOfInstantsIsStillInstants() throws {
        // 01:30–03:00 UTC on the 22nd: only the Brooklyn dinner (02:00 UTC), though its own day is the 21st.
        let utc = try zone("UTC")
        let start = try localTime(2026, 10, 22, 1, 30, in: utc), end = try localTime(2026, 10, 22, 3, in: utc)
        let query = DiaryQuery(filter: EntryFilter(period: .interval(start: start, end: end)), timeZone: berlin)
        #expect(try store.diary.entries(query).compactMap(\.text) == ["dinner in Brooklyn"])
    }

    @Test func aStoreWithoutLocalTimesGetsThemOnOpeningWithoutTouchingUpdateTimes() throws {
        let before = try store.diary.entries(DiaryQuery(newestFirst: false))
        // What a store written before local times existed holds: none (a batch update writes
        // the column without the entry's willSave).
        let context = store.diary.makeContext()
        _ = try context.execute(
            BatchUpdateRequest(
                entityName: DiaryModel.Entity.entry, predicate: nil,
                propertiesToUpdate: ["localTime": .null]))
        #expect(try store.diary.entries(DiaryQuery(filter: EntryFilter(period: .day(day("2026-10-21"))))).isEmpty)
        let reopened = try Diary(directory: store.diary.directory)
        let after = try reopened.entries(DiaryQuery(newestFirst: false))
        #expect(after == before)
        #expect(try reopened.entries(DiaryQuery(filter: EntryFilter(period: .day(day("2026-10-21"))))).count == 2)
    }

    @Test func aZoneIsRecordedByNameOrByOffset() throws {
        let rule = FixedOffset(seconds: 3600)
        #expect(EntryZone.recordedName(of: rule, at: Date()) == "UTC+01:00")
        #expect(EntryZone.recordedName(of: berlin, at: Date()) == "Europe/Berlin")
        #expect(EntryZone.named("UTC-04:30")?.secondsFromGMT(for: Date()) == -16_200)
        #expect(FixedOffset(identifier: "UTC+19:00") == nil)
        #expect(FixedOffset(identifier: "UTC+1:00") == nil)
        #expect(EntryZone.named("not a zone") == nil)
    }
}
