import DiaryKit
import Foundation
import Testing

@testable import DiaryCLI

/// The human output's building blocks, in-process.
@Suite struct OutputFormattingTests {
    @Test func quantitiesArePluralisedAndScaled() {
        #expect(QuantityText.count(1, "photo") == "1 photo")
        #expect(QuantityText.count(2, "entry", plural: "entries") == "2 entries")
        #expect(QuantityText.byteCount(1) == "1 byte")
        #expect(QuantityText.byteCount(999) == "999 bytes")
        #expect(QuantityText.byteCount(1263) == "1.3 KB")
        #expect(QuantityText.byteCount(12_400_000) == "12.4 MB")
        #expect(QuantityText.byteCount(999_960) == "1.0 MB")
        #expect(QuantityText.duration(183.2) == "3:03")
        #expect(QuantityText.duration(3725) == "1:02:05")
        #expect(QuantityText.duration(0.25) == "0:00.3")
        #expect(QuantityText.sampleRate(44_100) == "44.1 kHz")
        #expect(QuantityText.channels(2) == "stereo")
        #expect(QuantityText.channels(6) == "6 channels")
    }

    @Test func dayHeadingsAndTimesAreLocal() throws {
        let dates = LocalDateText(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        let day = try #require(DiaryDay(year: 2026, month: 11, day: 29))
        #expect(dates.heading(for: day) == "Sunday, 29 November 2026")
        // 2026-10-25 00:30 UTC is 02:30 CEST; 01:30 UTC is 02:30 CET, after the change.
        #expect(dates.time(of: Date(timeIntervalSince1970: 1_792_888_200)) == "02:30")
        #expect(dates.time(of: Date(timeIntervalSince1970: 1_792_891_800)) == "02:30")
    }

    @Test func outOfRangeStoredValuesAreShownInsteadOfTrapping() throws {
        // A damaged or hand-edited store can hold any double as a time or a duration.
        #expect(QuantityText.duration(.infinity) == "277777777:46:40")
        #expect(QuantityText.duration(.nan) == "0:00.0")
        #expect(QuantityText.duration(-5) == "0:00.0")
        let far = Date(timeIntervalSince1970: 1e300)
        let dates = LocalDateText(timeZone: TimeZone.gmt)
        #expect(dates.time(of: far) == "17:46")
        #expect(dates.day(of: far) == dates.day(of: Date(timeIntervalSince1970: Date.clampedSecondsLimit)))
        #expect(dates.day(of: Date(timeIntervalSince1970: .nan)) == DiaryDay(year: 1970, month: 1, day: 1))
        #expect(
            ISO8601Timestamp.string(
                from: Date(timeIntervalSince1970: -1e300), in: TimeZone.gmt, fractionalSeconds: true)
                == ISO8601Timestamp.string(
                    from: Date(timeIntervalSince1970: -Date.clampedSecondsLimit), in: TimeZone.gmt,
                    fractionalSeconds: true))
    }

    @Test func theMonthGridStartsOnMondayAndHighlightsToday() throws {
        let month = try #require(CalendarMonth(year: 2026, month: 2))
        let first = try #require(DiaryDay(year: 2026, month: 2, day: 1))
        let today = try #require(DiaryDay(year: 2026, month: 2, day: 3))
        let plain = MonthGrid(month: month, counts: [first: 12], today: today, style: TextStyler(isEnabled: false))
            .render()
        let lines = plain.components(separatedBy: "\n")
        #expect(lines[1] == "Mo     Tu     We     Th     Fr     Sa     Su")
        #expect(lines[2] == String(repeating: " ", count: 42) + " 1(12)", "1 February 2026 is a Sunday")
        #expect(lines[3].hasPrefix(" 2      3      4"))
        #expect(lines.count == 8, "five weeks, title, weekdays and a final newline")
        let coloured = MonthGrid(month: month, counts: [first: 1], today: today, style: TextStyler(isEnabled: true))
            .render()
        #expect(coloured.contains("\u{1B}[1;4m 3\u{1B}[0m"), "today bold and underlined")
        #expect(coloured.removingTerminalEscapes.replacingOccurrences(of: "(1)", with: "(12)") == plain)
    }

    @Test func entryLinesAreCutToTheWidthCountingWideCharacters() throws {
        let snapshot = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_795_950_180),
            updateTime: Date(timeIntervalSince1970: 1_795_950_180),
            text: "海辺の一日 " + String(repeating: "wave ", count: 30), tags: ["travel"],
            starred: true, media: [], timeZone: "Europe/Berlin")
        let entry = EntryRecord(id: 42, snapshot: snapshot)
        let formatter = EntryFormatter(
            timeZone: try #require(TimeZone(identifier: "Europe/Berlin")),
            style: TextStyler(isEnabled: false), width: 50)
        let line = formatter.line(for: entry)
        #expect(line.hasPrefix("#42  12:03  ★ 海辺の一日 wave"))
        #expect(line.hasSuffix("…  #travel"))
        #expect(line.terminalColumns <= 49)
        let whole = EntryFormatter(timeZone: TimeZone.gmt, style: TextStyler(isEnabled: false), width: nil).line(
            for: entry)
        // Read in another zone, the entry keeps its own clock and names its zone.
        #expect(whole.hasPrefix("#42  12:03 Berlin  ★ 海辺の一日 wave") && !whole.contains("…"))
    }

    /// Day sections (from DiaryKit) and a plain ordered list (search results) list alike:
    /// a heading per local day, the day's entries, an empty line between days.
    @Test func sectionsAndOrderedEntriesListAlike() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 30 Nov 2026 23:30 and 22:00 in Berlin (22:30 and 21:00 UTC), then 29 Nov 20:00.
        let times: [TimeInterval] = [1_796_077_800, 1_796_072_400, 1_795_978_800]
        let entries = times.enumerated().map { index, time in
            EntryRecord(
                id: Int64(3 - index),
                snapshot: EntrySnapshot(
                    uuid: UUID(), creationTime: Date(timeIntervalSince1970: time),
                    updateTime: Date(timeIntervalSince1970: time), text: "entry \(3 - index)", timeZone: "Europe/Berlin"
                ))
        }
        let formatter = EntryFormatter(timeZone: berlin, style: TextStyler(isEnabled: false), width: nil)
        let expected =
            "Monday, 30 November 2026\n#3  23:30  entry 3\n#2  22:00  entry 2\n\n"
            + "Sunday, 29 November 2026\n#1  20:00  entry 1\n"
        #expect(formatter.listing(entries) == expected)
        let sections = [
            DaySection(day: try #require(DiaryDay(year: 2026, month: 11, day: 30)), entries: Array(entries[0...1])),
            DaySection(day: try #require(DiaryDay(year: 2026, month: 11, day: 29)), entries: [entries[2]])
        ]
        #expect(formatter.listing(sections) == expected)
        #expect(formatter.listing([EntryRecord]()) == "")
    }

    @Test func theSummaryIsTheFirstNonBlankLineTrimmed() {
        #expect(EntryFormatter.firstLine(of: nil) == nil)
        #expect(EntryFormatter.firstLine(of: "") == nil)
        #expect(EntryFormatter.firstLine(of: " \t\r\n\u{A0}\u{2028} ") == nil)
        #expect(EntryFormatter.firstLine(of: "Beach day\nsecond line") == "Beach day")
        #expect(EntryFormatter.firstLine(of: "\r\n  \t\nBeach day  \r\nmore") == "Beach day")
        #expect(EntryFormatter.firstLine(of: "\u{3000}海辺の一日\u{A0}\u{85}next") == "海辺の一日")
        #expect(EntryFormatter.firstLine(of: "one\u{2028}two") == "one")
        #expect(EntryFormatter.firstLine(of: "\u{2029}one\u{0B}two") == "one")
        #expect(EntryFormatter.firstLine(of: "café\u{0C}x") == "café")
        #expect(EntryFormatter.firstLine(of: "tea \u{2026} é") == "tea \u{2026} é")
        #expect(EntryFormatter.firstLine(of: "e\u{301} ") == "e\u{301}")
    }
}
