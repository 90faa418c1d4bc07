import Foundation
import Testing

@testable import ObjectGraph

@Suite struct SectionKeyTests {
    /// The day arithmetic agrees with Foundation's Gregorian calendar from 1600 to 2400
    /// (before 1582 Foundation switches to the Julian calendar; ours stays proleptic).
    @Test func civilDatesAgreeWithTheGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        var generator = SystemRandomNumberGenerator()
        let first = -135_140, last = 157_000  // 1600-01-01 … 2399-10-…
        for days in [first, -1, 0, 1, 59, 60, 365, 10_957, 11_016, 20_000, last]
            + (0..<2_000).map({ _ in
                Int.random(in: first...last, using: &generator)
            })
        {
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let ours = ProlepticGregorian.date(daysSince1970: days)
            #expect(ours.year == parts.year && ours.month == parts.month && ours.day == parts.day, "day \(days)")
            #expect(ProlepticGregorian.daysSince1970(year: ours.year, month: ours.month, day: ours.day) == days)
        }
    }

    @Test func localDayFollowsTheZoneAcrossADaylightSavingChange() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let key = SectionKey.localDay(of: "t", in: berlin)
        // 2026-03-29 00:30 and 23:30 local (01:00 → 03:00 that night) are one day; 2026-03-28 23:30 is not.
        let cases: [(String, String)] = [
            ("2026-03-28T23:30:00+01:00", "2026-03-28"), ("2026-03-29T00:30:00+01:00", "2026-03-29"),
            ("2026-03-29T23:30:00+02:00", "2026-03-29"), ("2026-03-30T00:10:00+02:00", "2026-03-30")
        ]
        let formatter = ISO8601DateFormatter()
        for (text, day) in cases {
            let date = try #require(formatter.date(from: text))
            #expect(key.sectionName(for: .date(date)) == day, "\(text)")
        }
        #expect(key.sectionName(for: .date(Date(timeIntervalSince1970: 1e300))) == "")
        #expect(key.sectionName(for: .null) == "")
    }
}

/// Section names of plain values are what Core Data's `sectionNameKeyPath` gives (the value's description).
@Suite struct SectionNameTests {
    @Test func boolsAndWholeDoublesAreNamedAsCoreDataNamesThem() {
        let key = SectionKey.keyPath("v")
        #expect(key.sectionName(for: .bool(true)) == "1")
        #expect(key.sectionName(for: .bool(false)) == "0")
        #expect(key.sectionName(for: .double(3)) == "3")
        #expect(key.sectionName(for: .double(-2)) == "-2")
        #expect(key.sectionName(for: .double(3.5)) == "3.5")
        #expect(key.sectionName(for: .integer(42)) == "42")
        #expect(key.sectionName(for: .null) == "")
    }
}
