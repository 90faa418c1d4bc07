import Foundation
import TestSupport
import Testing

/// `diary calendar` against temporary stores.
@Suite struct CalendarCommandTests {
    @Test func countsEntriesPerLocalDay() throws {
        let store = try TestStore()
        for moment in ["2026-11-29 09:00", "2026-11-29 23:30", "2026-11-01 00:30", "2026-10-31 23:30"] {
            try store.succeed(["new", "--text", "x", "--on", moment])
        }
        let json = try #require(try store.json(["calendar", "2026-11"]) as? [String: Any])
        #expect(json["month"] as? String == "2026-11")
        #expect(json["days"] as? [String: Int] == ["2026-11-01": 1, "2026-11-29": 2])
        let utc = try #require(try store.json(["calendar", "2026-10"], environment: ["TZ": "UTC"]) as? [String: Any])
        // Read in UTC, each entry still counts on the Berlin clock it was written by.
        #expect(utc["days"] as? [String: Int] == ["2026-10-31": 1])

        let grid = try store.succeed(["calendar", "2026-11"]).stdout
        #expect(
            grid == """
                                 November 2026
                Mo     Tu     We     Th     Fr     Sa     Su
                                                           1(1)
                 2      3      4      5      6      7      8
                 9     10     11     12     13     14     15
                16     17     18     19     20     21     22
                23     24     25     26     27     28     29(2)
                30

                3 entries on 2 days

                """)
    }

    @Test func withoutAMonthShowsThisMonthAndABadMonthIsAUsageError() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "today"])
        let json = try #require(try store.json(["calendar"]) as? [String: Any])
        let days = try #require(json["days"] as? [String: Int])
        #expect(days.values.reduce(0, +) == 1)
        #expect(days.keys.first?.hasPrefix(try #require(json["month"] as? String)) == true)
        #expect(try store.succeed(["calendar", "2026-02"]).stdout.hasSuffix("No entries this month.\n"))
        let bad = try store.run(["calendar", "November"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("The value 'November' is invalid for '<YYYY-MM>'"))
    }
}
