import Foundation
import TestSupport
import Testing

/// One proleptic Gregorian calendar for every date, however old, and years 1…9999 on
/// every input: typed dates, bundles, and JSON, jrnl and Day One imports.
@Suite struct CalendarRangeTests {
    let utc = ["TZ": "UTC"]

    @Test func anEntryTypedAs1500IsShownListedAndExportedAs15June() throws {
        let store = try TestStore()
        let entry = try store.create(["--text", "Old times", "--on", "1500-06-15 12:00"], environment: utc)
        #expect(entry["creationTime"] as? String == "1500-06-15T12:00:00.000+00:00")
        let listed = try store.succeed(["list", "--on", "1500-06-15"], environment: utc)
        #expect(listed.stdout.hasPrefix("Friday, 15 June 1500\n"))
        let out = store.scratch.appendingPathComponent("out").path
        let exported = try store.succeed(["export", "1", "--output", out], environment: utc)
        #expect(exported.stdout.contains("1500-06-15-old-times.diaryentry"))
        let manifest = try String(contentsOfFile: out + "/1500-06-15-old-times.diaryentry/entry.json", encoding: .utf8)
        #expect(
            manifest.contains(#""creationTime" : "1500-06-15T12:00:00.000+00:00""#)
                || manifest.contains(#""creationTime": "1500-06-15T12:00:00.000+00:00""#))
    }

    @Test func aYearOneEntryComesBackFromABundleUnmoved() throws {
        let source = try TestStore()
        _ = try source.create(["--text", "Year one", "--on", "0001-01-01 00:30"], environment: utc)
        let out = source.scratch.appendingPathComponent("out").path
        try source.succeed(["export", "1", "--output", out], environment: utc)
        let fresh = try TestStore()
        try fresh.succeed(["import", out + "/0001-01-01-year-one.diaryentry"], environment: utc)
        let entry = try #require(try fresh.json(["show", "1"], environment: utc) as? [String: Any])
        #expect(entry["creationTime"] as? String == "0001-01-01T00:30:00.000+00:00")
    }

    @Test func aLocalMeanTimeOffsetIsWrittenToTheMinuteAndTheTimeStaysExact() throws {
        let store = try TestStore()
        // Berlin kept local mean time, +00:53:28, until 1893: written as +00:54, 32 s later.
        let entry = try store.create(["--text", "LMT", "--on", "1850-06-15T11:06:32Z"])
        #expect(entry["creationTime"] as? String == "1850-06-15T12:00:32.000+00:54")
        #expect(try store.succeed(["list"]).stdout.contains("12:00  LMT"))
    }

    @Test func theFirstMinutesOfYearOneInLocalMeanTimeComeBackFromABundle() throws {
        let source = try TestStore()
        // 0001-01-01 00:00:10 in Berlin is 0000-12-31T23:06:42Z: UTC would write year 0.
        _ = try source.create(["--text", "First seconds", "--on", "0001-01-01 00:00:10"])
        let out = source.scratch.appendingPathComponent("out").path
        try source.succeed(["export", "1", "--output", out])
        let fresh = try TestStore()
        try fresh.succeed(["import", out + "/0001-01-01-first-seconds.diaryentry"])
        let entry = try #require(try fresh.json(["show", "1"], environment: utc) as? [String: Any])
        #expect(entry["creationTime"] as? String == "0000-12-31T23:06:42.000+00:00")
    }

    @Test func yearZeroIsRefusedWhereADateIsTyped() throws {
        let store = try TestStore()
        #expect(try store.run(["new", "--text", "x", "--on", "0000-12-31 10:00"]).status == 64)
        #expect(try store.run(["list", "--on", "0000-12-31"]).status == 64)
    }

    @Test func aBundleDatedInYearZeroIsRefusedAndChangesNothing() throws {
        let source = try TestStore()
        _ = try source.create(["--text", "Soon zero"], environment: utc)
        let out = source.scratch.appendingPathComponent("out").path
        try source.succeed(["export", "1", "--output", out], environment: utc)
        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first)
        let manifestPath = out + "/" + bundle + "/entry.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let edited = manifest.replacingOccurrences(
            of: #""creationTime" *: *"[0-9]{4}"#, with: #""creationTime" : "0000"#, options: .regularExpression)
        #expect(edited != manifest)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: manifestPath))
        let target = try TestStore()
        _ = try target.create(["--text", "Already here"])
        let before = try target.snapshot()
        let result = try target.run(["import", out + "/" + bundle])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("outside the years 0001–9999"))
        #expect(try target.snapshot() == before)
    }

    @Test func everyImporterRefusesYearZero() throws {
        let store = try TestStore()
        _ = try store.create(["--text", "Already here"])
        let before = try store.snapshot()
        let jrnl = store.scratch.appendingPathComponent("jrnl.json")
        try Data(#"{"entries": [{"title": "Zero", "date": "0000-06-01", "time": "10:00"}]}"#.utf8).write(to: jrnl)
        let fromJrnl = try store.run(["import", "--from", "jrnl", jrnl.path])
        #expect(fromJrnl.status == 65)
        #expect(fromJrnl.stderr.contains(#""date" is outside the years 0001–9999 (found "0000-06-01")"#))

        let dayOne = store.scratch.appendingPathComponent("dayone", isDirectory: true)
        try FileManager.default.createDirectory(at: dayOne, withIntermediateDirectories: true)
        try Data(
            #"{"entries": [{"uuid": "1546F37361264E129200B2CA6A885899", "creationDate": "0000-06-01T10:00:00Z", "text": "Zero"}]}"#
                .utf8
        )
        .write(to: dayOne.appendingPathComponent("Journal.json"))
        let fromDayOne = try store.run(["import", "--from", "dayone", dayOne.path])
        #expect(fromDayOne.status == 65)
        #expect(fromDayOne.stderr.contains(#""creationDate" is outside the years 0001–9999"#))

        let json = store.scratch.appendingPathComponent("json", isDirectory: true)
        try FileManager.default.createDirectory(at: json, withIntermediateDirectories: true)
        try Data(
            #"""
            [{"uuid": "9A0E4E51-8A0B-4C43-9B9E-2D3C4B5A6978", "creationTime": "0000-06-01T10:00:00.000+00:00",
              "updateTime": "2026-06-01T10:00:00.000+00:00", "text": "Zero", "tags": [], "starred": false, "media": []}]
            """#.utf8
        ).write(to: json.appendingPathComponent("entries.json"))
        let fromJSON = try store.run(["import", "--from", "json", json.path])
        #expect(fromJSON.status == 65, "\(fromJSON)")
        #expect(fromJSON.stderr.contains(#""creationTime" is outside the years 0001–9999"#))
        #expect(try store.snapshot() == before)
    }
}
