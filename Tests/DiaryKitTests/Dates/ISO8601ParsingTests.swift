import Foundation
import Testing

@testable import DiaryKit

/// The one ISO 8601 reader, ``ISO8601Timestamp/parse(_:strictness:)``, under both strictness
/// settings, and the day and month readers on its scanner. Each difference between `.typed`
/// (the command line's grammar) and `.written` (bundles, imports, `DIARY_NOW`) is pinned here,
/// so neither caller's accepted inputs drift when the other's change.
@Suite struct ISO8601ParsingTests {
    /// The instant of `text` read with `strictness` (nil when refused or without an offset).
    func instant(_ text: String, _ strictness: ISO8601Timestamp.Strictness) -> Double? {
        ISO8601Timestamp.parse(text, strictness: strictness)?.instant?.timeIntervalSince1970
    }

    /// 2026-11-29T14:30:00Z.
    let halfPastTwo = 1_795_962_600.0

    @Test(arguments: [ISO8601Timestamp.Strictness.typed, .written])
    func bothReadTheCommonForms(strictness: ISO8601Timestamp.Strictness) throws {
        #expect(instant("2026-11-29T14:30Z", strictness) == halfPastTwo)
        #expect(instant("2026-11-29t14:30:00z", strictness) == halfPastTwo)
        #expect(instant("2026-11-29 15:30:00+01:00", strictness) == halfPastTwo)
        #expect(instant("2026-11-29T06:30-0800", strictness) == halfPastTwo)
        #expect(instant("2026-11-29T14:30:00.25Z", strictness) == halfPastTwo + 0.25)
        #expect(instant("2026-11-29T14:30:00,5Z", strictness) == halfPastTwo + 0.5)
        let local = try #require(ISO8601Timestamp.parse("2026-11-29T14:30:15.123456789", strictness: strictness))
        #expect(local.offset == nil && local.instant == nil)
        #expect(
            local.clock
                == WallClockTime(
                    year: 2026, month: 11, day: 29, hour: 14, minute: 30, second: 15,
                    nanosecond: 123_456_789))
    }

    @Test(arguments: [ISO8601Timestamp.Strictness.typed, .written])
    func bothRefuseWhatIsNoTime(strictness: ISO8601Timestamp.Strictness) {
        for text in [
            "2026-11-29", "2026-11-29T14", "2026-11-29T24:00Z", "2026-11-29T14:60Z", "2026-02-29T10:00Z",
            "0000-01-01T10:00Z", "26-11-29T14:30Z", "2026-11-29T14:30:00.Z", "2026-11-29T14:30+19:00",
            "2026-11-29T14:30+01:60", "2026-11-29T14:30+01:", "2026-11-29T14:30Z+01:00", "２０２６-11-29T14:30Z",
            "2026-11-29T14:30.5Z", "2026/11/29T14:30Z", ""
        ] {
            #expect(ISO8601Timestamp.parse(text, strictness: strictness) == nil, "\(text)")
        }
        #expect(instant("0001-01-01T00:00Z", strictness) == -62_135_596_800)
        #expect(instant("2026-11-29T14:30+18:00", strictness) == halfPastTwo - 18 * 3600)
    }

    @Test func typedIgnoresBlanksAroundButWrittenDoesNot() {
        #expect(instant(" \t2026-11-29T14:30Z  ", .typed) == halfPastTwo)
        #expect(instant("\u{3000}2026-11-29T14:30Z", .typed) == halfPastTwo)
        #expect(instant("2026-11-29T14:30Z\n", .typed) == nil)
        #expect(instant(" 2026-11-29T14:30Z", .written) == nil)
        #expect(instant("2026-11-29T14:30Z ", .written) == nil)
    }

    @Test func typedTakesAnHourOffsetAndTheTypographicMinusButWrittenDoesNot() {
        #expect(instant("2026-11-29T15:30+01", .typed) == halfPastTwo)
        #expect(instant("2026-11-29T13:30\u{2212}01:00", .typed) == halfPastTwo)
        #expect(instant("2026-11-29T15:30+01", .written) == nil)
        #expect(instant("2026-11-29T13:30\u{2212}01:00", .written) == nil)
    }

    @Test func typedTakesAtMostNineFractionDigitsWrittenAnyNumber() {
        #expect(
            instant("2026-11-29T14:30:00.123456789Z", .typed) == instant("2026-11-29T14:30:00.123456789Z", .written))
        #expect(instant("2026-11-29T14:30:00.1234567891Z", .typed) == nil)
        let long = ISO8601Timestamp.parse("2026-11-29T14:30:00.123456789999Z", strictness: .written)
        #expect(long?.clock.nanosecond == 123_456_789, "digits past the ninth dropped, not rounded")
    }

    @Test func dateFromRequiresAnOffset() {
        #expect(ISO8601Timestamp.date(from: "2026-11-29T14:30:00Z")?.timeIntervalSince1970 == halfPastTwo)
        #expect(ISO8601Timestamp.date(from: "2026-11-29T14:30:00") == nil)
        #expect(
            BundleTimestamp.date(from: "2026-11-29T15:30:05.250+01:00")?.timeIntervalSince1970 == halfPastTwo + 5.25)
        #expect(BundleTimestamp.date(from: "2026-11-29T15:30+01") == nil, "the bundle reads as written")
    }

    @Test func whatTheWriterWritesTheReaderReads() {
        let zones: [any TimeZoneRules] = [
            FixedOffset(seconds: 0), FixedOffset(seconds: -12_600), FixedOffset(seconds: 50_400)
        ]
        for zone in zones {
            for seconds in stride(from: -62_000_000_000.0, to: 250_000_000_000.0, by: 77_777_777.125) {
                let text = ISO8601Timestamp.string(
                    from: Date(timeIntervalSince1970: seconds), in: zone, fractionalSeconds: true)
                #expect(instant(text, .written) == seconds, "\(text)")
                #expect(instant(text, .typed) == seconds, "\(text)")
            }
        }
    }

    @Test func yearsOutsideTheRangeAreNamed() {
        #expect(ISO8601Timestamp.isYearOutOfRange("0000-01-01T00:00Z"))
        #expect(ISO8601Timestamp.isYearOutOfRange("-0044-03-15T12:00Z"))
        #expect(ISO8601Timestamp.isYearOutOfRange("+12026-01-01T00:00Z"))
        #expect(!ISO8601Timestamp.isYearOutOfRange("2026-01-01T00:00Z"))
        #expect(!ISO8601Timestamp.isYearOutOfRange("yesterday"))
    }
}

/// The one day reader, ``DiaryDay/init(iso:)``, and the month reader beside it.
@Suite struct ISODayAndMonthParsingTests {
    @Test func aDayIsExactlyFourTwoAndTwoASCIIDigits() {
        #expect(DiaryDay(iso: "2026-11-29") == DiaryDay(year: 2026, month: 11, day: 29))
        #expect(DiaryDay(iso: "0001-01-01") == DiaryDay(year: 1, month: 1, day: 1))
        for text in [
            "+026-11-29", "2026-+1-29", "2026-11-+9", "-001-01-01", "0000-01-01", "2026-11-29T00:00",
            "2026-11-29 ", "2026-1-29", "20261129", "２０２６-11-29", "2026-11-31", ""
        ] {
            #expect(DiaryDay(iso: text) == nil, "\(text)")
        }
    }

    @Test func aDayReadsFromASubstringToo() {
        let line = "2012-03-29 17:16 Title"
        #expect(DiaryDay(iso: line.prefix(10)) == DiaryDay(year: 2012, month: 3, day: 29))
    }

    @Test func aTypedDayMayHaveBlanksAroundIt() {
        #expect(DiaryDay(iso: " \t2026-11-29  ", strictness: .typed) == DiaryDay(year: 2026, month: 11, day: 29))
        #expect(DiaryDay(iso: " 2026-11-29", strictness: .written) == nil)
        #expect(DiaryDay(iso: "2026-11-29\n", strictness: .typed) == nil)
    }

    @Test func aMonthIsFourAndTwoASCIIDigits() {
        #expect(CalendarMonth(iso: "2026-11", strictness: .written) == CalendarMonth(year: 2026, month: 11))
        #expect(CalendarMonth(iso: " 2026-11\t", strictness: .typed) == CalendarMonth(year: 2026, month: 11))
        for text in ["2026-13", "2026-00", "0000-01", "2026-1", "2026-11-29", "November", "2026-11 ", ""] {
            #expect(CalendarMonth(iso: text, strictness: .written) == nil, "\(text)")
        }
    }
}
