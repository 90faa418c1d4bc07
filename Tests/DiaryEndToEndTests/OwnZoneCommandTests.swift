import Foundation
import TestSupport
import Testing

/// An entry is shown, grouped, filtered and counted on the clock of the zone it was written or
/// taken in, with the zone named where it differs from the reader's: a New York evening stays
/// Wednesday for a reader in Berlin (the built `diary`, read in Europe/Berlin).
@Suite struct OwnZoneCommandTests {
    private static let newYork = ["TZ": "America/New_York"]

    /// A store holding entry #1 written in New York on Wednesday 21 October 2026 at 22:00
    /// (Thursday 04:00 in Berlin).
    private func storeWithNewYorkEvening() throws -> TestStore {
        let store = try TestStore()
        try store.succeed(
            ["new", "--on", "2026-10-21 22:00", "--text", "Dinner in Brooklyn"], environment: Self.newYork)
        return store
    }

    @Test func aNewYorkEveningListsUnderItsOwnDayInBerlin() throws {
        let store = try storeWithNewYorkEvening()
        let listed = try store.succeed(["list", "--on", "2026-10-21"]).stdout
        #expect(listed == "Wednesday, 21 October 2026\n#1  22:00 New York  Dinner in Brooklyn\n")
        #expect(!(try store.succeed(["list", "--on", "2026-10-22"]).stdout.contains("Brooklyn")))
        #expect(
            !(try store.succeed(["list", "--from", "2026-10-22", "--to", "2026-10-23"]).stdout.contains("Brooklyn")))
        #expect(try store.succeed(["list", "--month", "2026-10"]).stdout.hasPrefix("Wednesday, 21 October 2026\n"))
        // Read in its own zone, no zone is named.
        let there = try store.succeed(["list", "--on", "2026-10-21"], environment: Self.newYork).stdout
        #expect(there == "Wednesday, 21 October 2026\n#1  22:00  Dinner in Brooklyn\n")
    }

    @Test func showAndCalendarAgree() throws {
        let store = try storeWithNewYorkEvening()
        let shown = try store.succeed(["show", "1"]).stdout
        #expect(shown.hasPrefix("#1  Wednesday, 21 October 2026 22:00 (America/New_York, UTC-04:00)\n"), "\(shown)")
        let calendar = try store.succeed(["calendar", "2026-10"]).stdout
        #expect(calendar.contains("21(1)") && !calendar.contains("22(1)"), "\(calendar)")
        // Scripts get the instant, in the reader's offset as every time of the interface.
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["creationTime"] as? String == "2026-10-22T04:00:00.000+02:00")
    }

    @Test func redatingKeepsTheTimeOnTheEntrysOwnClock() throws {
        let store = try storeWithNewYorkEvening()
        try store.succeed(["edit", "1", "--on", "2026-10-23"])
        let shown = try store.succeed(["show", "1"]).stdout
        #expect(shown.hasPrefix("#1  Friday, 23 October 2026 22:00 (America/New_York, UTC-04:00)\n"), "\(shown)")
    }

    @Test func aZoneWithoutANameIsRecordedByItsOffset() throws {
        let store = try TestStore()
        try store.succeed(
            ["new", "--on", "2026-10-21 22:00", "--text", "Rule string"],
            environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
        let listed = try store.succeed(["list", "--on", "2026-10-21"]).stdout
        #expect(listed == "Wednesday, 21 October 2026\n#1  22:00 UTC-04:00  Rule string\n")
    }

    @Test func aPhotoTakenElsewhereIsAnEntryOfItsCamerasDay() throws {
        let store = try TestStore()
        let roll = store.scratch.appendingPathComponent("roll", isDirectory: true)
        try FileManager.default.createDirectory(at: roll, withIntermediateDirectories: true)
        // Taken 2008-07-13 20:45 at -04:00: the 14th, 02:45, in Berlin.
        try FileManager.default.copyItem(
            atPath: Fixture.path("exif-new-york.jpg"), toPath: roll.appendingPathComponent("ny.jpg").path)
        try store.succeed(["import", "--from", "photos", roll.path])
        let listed = try store.succeed(["list", "--on", "2008-07-13"]).stdout
        #expect(listed.hasPrefix("Sunday, 13 July 2008\n#1  20:45 UTC-04:00  "), "\(listed)")
        #expect(!(try store.succeed(["list", "--on", "2008-07-14"]).stdout.contains("#1 ")))
        // Photos-only `new` is dated, and placed, by its camera too.
        try store.succeed(["new", "--image", Fixture.path("exif-tokyo.jpg")])
        let tokyo = try store.succeed(["list", "--on", "2008-07-14"]).stdout
        #expect(tokyo.hasPrefix("Monday, 14 July 2008\n#2  09:15 UTC+09:00  "), "\(tokyo)")
    }

    /// A store written before entries kept their local time, read by an account that may not
    /// fill it in, counts days on the reader's clock as that version did (nothing left out);
    /// opened by its owner, it counts them on each entry's own clock from then on.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))
    func anOlderStoreReadByAnotherAccountStillFindsEveryEntry() throws {
        let store = try storeWithNewYorkEvening()
        try store.succeed(["new", "--on", "2026-10-22 09:00", "--text", "Berlin morning"])
        _ = try store.sqlite(#"UPDATE DiaryEntry SET "localTime" = NULL"#)
        try makeReadableToOthers(store.directory.url)
        let before = try store.snapshot()
        let read = try runDiaryAsNobody(["--store", store.url.path, "list", "--on", "2026-10-22"])
        #expect(read.status == 0, "\(read)")
        #expect(read.stdout.contains("Dinner in Brooklyn") && read.stdout.contains("Berlin morning"), "\(read)")
        #expect(try store.snapshot() == before, "a reading account changed the store")
        #expect(
            try store.succeed(["list", "--on", "2026-10-22"]).stdout
                == "Thursday, 22 October 2026\n#2  09:00  Berlin morning\n")
        #expect(try store.sqlite(#"SELECT count(*) FROM DiaryEntry WHERE "localTime" IS NULL"#) == "0")
    }

    /// Across a month's end, the moment order and the own-clock order disagree: a New York
    /// evening of 31 October comes after a Berlin night of 1 November. The Markdown export and
    /// the book put each under its own day and month, none written twice.
    @Test func theMarkdownExportAndTheBookDateEntriesOnTheirOwnClocks() throws {
        let store = try TestStore()
        // By the moment: trick or treat (23:30 UTC), the Berlin night (00:00), Halloween (02:00).
        try store.succeed(
            ["new", "--on", "2026-10-31 19:30", "--text", "Trick or treat in Brooklyn"], environment: Self.newYork)
        try store.succeed(
            ["new", "--on", "2026-10-31 22:00", "--text", "Halloween in Brooklyn"], environment: Self.newYork)
        try store.succeed(["new", "--on", "2026-11-01 01:00", "--text", "All Saints night in Berlin"])
        let markdown = store.scratch.appendingPathComponent("md")
        try store.succeed(["export", "--format", "markdown", "--output", markdown.path])
        let october = try String(contentsOf: markdown.appendingPathComponent("2026-10-31.md"), encoding: .utf8)
        let november = try String(contentsOf: markdown.appendingPathComponent("2026-11-01.md"), encoding: .utf8)
        #expect(
            october.contains("## 19:30") && october.contains("Trick or treat") && october.contains("## 22:00")
                && october.contains("Halloween") && !october.contains("All Saints"), "\(october)")
        #expect(
            november.contains("## 01:00") && november.contains("All Saints") && !november.contains("Halloween"),
            "\(november)")
        let book = store.scratch.appendingPathComponent("book")
        try store.succeed(["export", "--format", "book", "--output", book.path])
        let octoberPage = try String(contentsOf: book.appendingPathComponent("months/2026-10.html"), encoding: .utf8)
        let novemberPage = try String(contentsOf: book.appendingPathComponent("months/2026-11.html"), encoding: .utf8)
        #expect(
            octoberPage.contains("Trick or treat") && octoberPage.contains("Halloween")
                && !octoberPage.contains("All Saints"))
        #expect(novemberPage.contains("All Saints") && !novemberPage.contains("Halloween"))
    }
}
