import Foundation
import TestSupport
import Testing

/// `TZ` in every form POSIX systems give it: names with and without `:`, zone file paths
/// (links and copies), `:/etc/localtime`, and POSIX rule strings; one that names no zone
/// is reported on stderr, never silently UTC.
@Suite struct TimeZoneEnvironmentTests {
    /// A store with one entry written at 2026-07-01 12:00 UTC (14:00 in Berlin summer time).
    func storeWithSummerEntry() throws -> TestStore {
        let store = try TestStore()
        _ = try store.create(["--text", "Summer", "--on", "2026-07-01T12:00Z"])
        _ = try store.create(["--text", "Winter", "--on", "2026-01-15T12:00Z"])
        return store
    }

    func creationTimes(
        _ store: TestStore, tz: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> (times: [String?], stderr: String)
    {
        let result = try store.run(["list", "--oldest-first", "--json"], environment: ["TZ": tz])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
            sourceLocation: sourceLocation)
        return (entries.map { $0["creationTime"] as? String }, result.stderr)
    }

    static let berlinTimes: [String?] = ["2026-01-15T13:00:00.000+01:00", "2026-07-01T14:00:00.000+02:00"]

    @Test(arguments: [
        ":Europe/Berlin", "/usr/share/zoneinfo/Europe/Berlin", ":/usr/share/zoneinfo/Europe/Berlin",
        "CET-1CEST,M3.5.0,M10.5.0/3", "<+01>-1<+02>,M3.5.0,M10.5.0/3"
    ])
    func everyFormOfBerlinShowsBerlinTime(tz: String) throws {
        let store = try storeWithSummerEntry()
        let shown = try creationTimes(store, tz: tz)
        #expect(shown.times == Self.berlinTimes)
        #expect(shown.stderr.isEmpty)
    }

    // UTC's names are answered without Foundation's zone data (UniversalTimeZone), with the
    // same times as any other zone's.
    @Test(arguments: ["UTC", ":UTC", "Etc/UTC", "/usr/share/zoneinfo/UTC", "GMT", "Etc/GMT"])
    func everyNameOfUTCShowsUTCTime(tz: String) throws {
        let store = try storeWithSummerEntry()
        let shown = try creationTimes(store, tz: tz)
        #expect(shown.times == ["2026-01-15T12:00:00.000+00:00", "2026-07-01T12:00:00.000+00:00"])
        #expect(shown.stderr.isEmpty)
        _ = try store.run(["new", "--text", "Written in UTC", "--on", "2026-03-29 01:30"], environment: ["TZ": tz])
        let written = try creationTimes(store, tz: "Europe/Berlin").times
        #expect(written.contains("2026-03-29T03:30:00.000+02:00"))
    }

    @Test func aRuleStringWithoutSummerTimeIsAFixedOffsetWestOfUTC() throws {
        let store = try storeWithSummerEntry()
        // POSIX counts the offset westwards: EST5 and GMT+1 are behind UTC.
        #expect(
            try creationTimes(store, tz: "EST5").times == [
                "2026-01-15T07:00:00.000-05:00", "2026-07-01T07:00:00.000-05:00"
            ])
        #expect(
            try creationTimes(store, tz: "GMT+1").times == [
                "2026-01-15T11:00:00.000-01:00", "2026-07-01T11:00:00.000-01:00"
            ])
    }

    @Test(arguments: ["posix/Europe/Berlin", "right/Europe/Berlin"])
    func theZoneinfoVariantsAreTheZoneTheyHold(tz: String) throws {
        let store = try storeWithSummerEntry()
        // The diary's times are POSIX times; a `right/` zone gives its offsets, not leap seconds.
        #expect(try creationTimes(store, tz: tz).times == Self.berlinTimes)
    }

    @Test func anIANANameStillWorksOnASystemWithoutZoneFiles() throws {
        let store = try storeWithSummerEntry()
        let result = try store.run(
            ["list", "--oldest-first", "--json"],
            environment: ["TZ": "Europe/Berlin", "TZDIR": store.scratch.path + "/none"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["creationTime"] as? String } == Self.berlinTimes)
        #expect(result.stderr.isEmpty)
    }

    @Test func aCopiedOrLinkedZoneFileIsTheZoneItHolds() throws {
        let store = try storeWithSummerEntry()
        let copy = store.scratch.appendingPathComponent("localtime")
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: copy.path)
        #expect(try creationTimes(store, tz: ":" + copy.path).times == Self.berlinTimes)
        let link = store.scratch.appendingPathComponent("tokyo")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(
            try creationTimes(store, tz: link.path).times == [
                "2026-01-15T21:00:00.000+09:00", "2026-07-01T21:00:00.000+09:00"
            ])
    }

    /// A rule string names no zone: the entry records the offset it had when written.
    @Test func anEntryWrittenUnderAnyFormOfAZoneRecordsItsIANANameOrItsOffset() throws {
        let store = try TestStore()
        let copy = store.scratch.appendingPathComponent("localtime")
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: copy.path)
        _ = try store.create(["--text", "Named"], environment: ["TZ": ":Europe/Berlin"])
        _ = try store.create(["--text", "Copied"], environment: ["TZ": copy.path])
        _ = try store.create(["--text", "Ruled"], environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"])
        let recorded = try store.sqlite(#"SELECT text || '=' || ifnull("timeZone", '-') FROM DiaryEntry ORDER BY Z_PK"#)
        #expect(
            [
                "Named=Europe/Berlin\nCopied=Europe/Berlin\nRuled=UTC+01:00",
                "Named=Europe/Berlin\nCopied=Europe/Berlin\nRuled=UTC+02:00"
            ].contains(recorded), "\(recorded)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["TZ"] == nil))
    func theSystemZoneIsTheSameWithAndWithoutTZ() throws {
        let store = try storeWithSummerEntry()
        let unset = try runDiary(["list", "--oldest-first", "--json"], store: .at(store.url))
        let local = try store.run(["list", "--oldest-first", "--json"], environment: ["TZ": ":/etc/localtime"])
        #expect(local.stdout == unset.stdout)
        #expect(local.stderr.isEmpty && unset.stderr.isEmpty)
    }

    @Test(arguments: ["Mars/Olympus", "Europe/Berln", "/nonexistent/zone"])
    func aTZThatNamesNoZoneIsReportedOnStderr(tz: String) throws {
        let store = try storeWithSummerEntry()
        let shown = try creationTimes(store, tz: tz)
        #expect(shown.stderr.hasPrefix("diary: warning: TZ=\(tz) is "))
        #expect(shown.stderr.hasSuffix("; times are in UTC\n"))
        #expect(shown.times == ["2026-01-15T12:00:00.000+00:00", "2026-07-01T12:00:00.000+00:00"])
    }
}
