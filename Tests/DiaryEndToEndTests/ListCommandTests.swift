import Foundation
import TestSupport
import Testing

/// `diary list` against temporary stores.
@Suite struct ListCommandTests {
    /// Entries around the end of summer time in Berlin (2026-10-25, 03:00 CEST → 02:00 CET)
    /// and the October/November boundary; ids 1…6 in this order.
    static let moments = [
        "2026-10-24 23:30", "2026-10-25 01:30", "2026-10-25 23:30", "2026-10-26 00:30",
        "2026-10-31 23:30", "2026-11-01 00:30"
    ]

    static func makeStore() throws -> TestStore {
        let store = try TestStore()
        for (number, moment) in moments.enumerated() {
            try store.succeed(
                ["new", "--text", "Entry \(number + 1)", "--on", moment]
                    + (number % 2 == 0 ? ["--tag", "even"] : ["--star"]))
        }
        return store
    }

    @Test func datesAcrossTheDaylightSavingChangeAndTheMonthBoundary() throws {
        let store = try Self.makeStore()
        #expect(try store.listedIDs(["--on", "2026-10-25"]) == [3, 2])
        #expect(try store.listedIDs(["--on", "2026-10-26"]) == [4])
        #expect(try store.listedIDs(["--from", "2026-10-25", "--to", "2026-10-26"]) == [4, 3, 2])
        #expect(try store.listedIDs(["--from", "2026-10-31", "--to", "2026-11-01", "--oldest-first"]) == [5, 6])
        #expect(try store.listedIDs(["--from", "2026-10-25 01:00", "--to", "2026-10-25 02:00"]) == [2])
        #expect(try store.listedIDs(["--month", "2026-10"]) == [5, 4, 3, 2, 1])
        #expect(try store.listedIDs(["--month", "2026-11"]) == [6])
        #expect(try store.listedIDs(["--year", "2026"]).count == 6)
        #expect(try store.listedIDs(["--month", "2026-09"]) == [])
        // Read in UTC, where the same instants fall on other days, each entry keeps the day of
        // the Berlin clock it was written by.
        #expect(try store.listedIDs(["--on", "2026-10-31"], environment: ["TZ": "UTC"]) == [5])
        #expect(try store.listedIDs(["--month", "2026-11"], environment: ["TZ": "UTC"]) == [6])
        #expect(try store.listedIDs(["--from", "2026-11-01", "--to", "2026-11-01"], environment: ["TZ": "UTC"]) == [6])

        let entries = try #require(try store.json(["list", "--on", "2026-10-25"]) as? [[String: Any]])
        #expect(
            entries.map { $0["creationTime"] as? String }
                == ["2026-10-25T23:30:00.000+01:00", "2026-10-25T01:30:00.000+02:00"])
    }

    @Test func humanListingHasOneHeadingPerDay() throws {
        let store = try Self.makeStore()
        let result = try store.succeed(["list", "--month", "2026-10", "--oldest-first"])
        #expect(
            result.stdout == """
                Saturday, 24 October 2026
                #1  23:30  Entry 1  #even

                Sunday, 25 October 2026
                #2  01:30  ★ Entry 2
                #3  23:30  Entry 3  #even

                Monday, 26 October 2026
                #4  00:30  ★ Entry 4

                Saturday, 31 October 2026
                #5  23:30  Entry 5  #even

                """)
        #expect(try store.succeed(["list", "--on", "2026-01-01"]).stdout == "No entries.\n")
    }

    @Test func mediaArePluralisedAndTagsShown() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Beach day\nand more", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--image", Fixture.path("png-rgb-8.png"), "--audio", Fixture.path("audio-tone.wav"),
            "--tag", "travel", "--on", "2026-11-29 14:03"
        ])
        try store.succeed(["new", "--audio", Fixture.path("audio-tone.wav"), "--on", "2026-11-29 15:00"])
        #expect(
            try store.succeed(["list"]).stdout == """
                Sunday, 29 November 2026
                #2  15:00  (no text)  [1 recording]
                #1  14:03  Beach day  [2 photos, 1 recording]  #travel

                """)
    }

    @Test func tagStarredAndLimitFilter() throws {
        let store = try Self.makeStore()
        #expect(try store.listedIDs(["--tag", "EVEN"]) == [5, 3, 1])
        #expect(try store.listedIDs(["--starred"]) == [6, 4, 2])
        #expect(try store.listedIDs(["--limit", "2"]) == [6, 5])
        #expect(try store.listedIDs(["-n", "2", "--oldest-first", "--month", "2026-10"]) == [1, 2])
        for _ in 0..<21 { try store.succeed(["new", "--text", "filler", "--on", "2025-01-01 12:00"]) }
        #expect(try store.listedIDs([]).count == 20, "20 without a range")
        #expect(try store.listedIDs(["--year", "2025"]).count == 21, "all within a range")
    }

    @Test func severalTagsListEntriesWithAnyOfThem() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Work only", "--tag", "work", "--on", "2026-11-01 09:00"])
        try store.succeed(["new", "--text", "Home only", "--tag", "home", "--on", "2026-11-02 09:00"])
        try store.succeed(["new", "--text", "Both", "--tag", "home", "--tag", "work", "--on", "2026-11-03 09:00"])
        try store.succeed(["new", "--text", "Neither", "--tag", "garden", "--on", "2026-11-04 09:00"])
        #expect(try store.listedIDs(["--tag", "work", "--tag", "HOME"]) == [3, 2, 1])
        #expect(try store.listedIDs(["--tag", "home", "--tag", "work"]) == [3, 2, 1], "order does not matter")
        #expect(try store.listedIDs(["--tag", "work", "--tag", "nowhere"]) == [3, 1])
        #expect(try store.listedIDs(["--tag", "work"]) == [3, 1])
        let help = try store.succeed(["list", "--help"]).stdout
        #expect(help.contains("--tag <name>"))
        #expect(help.contains("any of them"))
    }

    @Test func conflictingOrBadOptionsAreUsageErrors() throws {
        let store = try TestStore()
        let both = try store.run(["list", "--on", "today", "--month", "2026-11"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: Use only one of --on, --month at a time\n"))
        let reversed = try store.run(["list", "--from", "2026-11-02", "--to", "2026-11-01"])
        #expect(reversed.status == 64)
        #expect(
            reversed.stderr.contains(
                "'--from 2026-11-02' (from 2026-11-02T00:00:00+01:00) is after '--to 2026-11-01' (up to 2026-11-02T00:00:00+01:00)"
            ))
        let badDate = try store.run(["list", "--on", "someday"])
        #expect(badDate.status == 64)
        #expect(badDate.stderr.contains("The value 'someday' is invalid for '--on <day>'"))
        #expect(
            badDate.stderr.contains(
                "Hint: Accepted forms: 2026-11-29, today, yesterday, tomorrow, monday, last monday, mon, "
                    + "3 days ago, 2 weeks ago."))
        let badMonth = try store.run(["list", "--month", "2026-13"])
        #expect(badMonth.status == 64)
        #expect(try store.run(["list", "--limit", "0"]).status == 64)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Coloured", "--tag", "t"])
        #expect(!(try store.succeed(["list"]).stdout.contains("\u{1B}[")), "no colour into a pipe")
        let terminal = try runDiaryInTerminal(["list"], store: store.url)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(terminal.stdout.contains("\u{1B}["), "colour on a terminal")
        let noColor = try runDiaryInTerminal(["list"], store: store.url, environment: ["NO_COLOR": "1"])
        #expect(noColor.status == 0)
        #expect(!noColor.stdout.contains("\u{1B}["), "NO_COLOR: \(noColor)")
        #expect(noColor.stdout.contains("Coloured  #t"))
    }

    @Test func longTextIsCutToTheTerminalWidth() throws {
        let store = try TestStore()
        let long = String(repeating: "word ", count: 60)
        try store.succeed(["new", "--text", long, "--on", "2026-11-29 14:03"])
        let terminal = try runDiaryInTerminal(
            ["list"], store: store.url, environment: ["NO_COLOR": "1", "COLUMNS": "40"])
        let line = try #require(terminal.stdout.components(separatedBy: "\r\n").first { $0.hasPrefix("#1") })
        #expect(line.count <= 40 && line.hasSuffix("…"), "\(line)")
        #expect(
            try store.succeed(["list"]).stdout.contains(long.trimmingCharacters(in: .whitespaces)), "whole in a pipe")
    }
}
