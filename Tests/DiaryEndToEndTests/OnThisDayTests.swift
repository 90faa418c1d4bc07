import Foundation
import TestSupport
import Testing

/// `diary list --on-this-day [DATE]`: the same month and day of every earlier year.
@Suite struct OnThisDayTests {
    private func store(_ dated: [(String, String)]) throws -> TestStore {
        let store = try TestStore()
        for (text, date) in dated { try store.succeed(["new", "--text", text, "--on", date]) }
        return store
    }

    @Test func listsTheSameDayOfEveryEarlierYearNewestFirstAndNothingOfItsOwnYear() throws {
        let store = try store([
            ("2019", "2019-12-01 10:00"), ("2024", "2024-12-01 09:00"), ("other day", "2024-12-02 10:00"),
            ("this year", "2026-12-01 08:00"), ("2025", "2025-12-01 23:30")
        ])
        let texts = try #require(try store.json(["list", "--on-this-day", "2026-12-01"]) as? [[String: Any]])
            .compactMap { $0["text"] as? String }
        #expect(texts == ["2025", "2024", "2019"])
        let listing = try store.succeed(["list", "--on-this-day", "2026-12-01"]).stdout
        #expect(listing.hasPrefix("Monday, 1 December 2025\n"))
        #expect(listing.contains("Sunday, 1 December 2019\n"))
    }

    @Test func aLeapDayAnniversaryShowsOnLeapDaysAndOn28FebruaryOfOtherYears() throws {
        let store = try store([
            ("leap", "2024-02-29 12:00"), ("feb 28", "2023-02-28 12:00"), ("march", "2024-03-01 12:00")
        ])
        func texts(_ date: String) throws -> [String] {
            try #require(try store.json(["list", "--on-this-day", date]) as? [[String: Any]]).compactMap {
                $0["text"] as? String
            }
        }
        #expect(try texts("2028-02-29") == ["leap"])
        #expect(try texts("2027-02-28") == ["leap", "feb 28"])
        #expect(try texts("2025-03-01") == ["march"])
        #expect(
            try store.succeed(["list", "--on-this-day", "2025-05-05"]).stdout
                == "No entries on 5 May in earlier years.\n")
    }

    @Test func withoutADateItLooksBackFromTodayAndADateAloneIsAUsageError() throws {
        // 00:30 in Berlin is still yesterday in UTC: the day looked back from is Berlin's.
        let now = "2026-12-04T00:30:00+01:00"
        let store = try TestStore(now: now)
        let today = ISO8601DateFormatter()
        today.formatOptions = [.withFullDate]
        today.timeZone = TimeZone(identifier: "Europe/Berlin")
        let moment = try #require(ISO8601DateFormatter().date(from: now))
        let lastYear = try #require(Calendar(identifier: .gregorian).date(byAdding: .year, value: -1, to: moment))
        try store.succeed(["new", "--text", "a year ago", "--on", today.string(from: lastYear)])
        let texts = try #require(try store.json(["list", "--on-this-day"]) as? [[String: Any]]).compactMap {
            $0["text"] as? String
        }
        #expect(texts == ["a year ago"])
        #expect(try store.run(["list", "2026-01-01"]).status == 64)
        #expect(try store.run(["list", "--on-this-day", "--month", "2026-01"]).status == 64)
    }
}
