import Foundation
import TestSupport
import Testing

/// One rule for local times that a daylight-saving change skips or repeats, in Berlin
/// (2026-03-29: 02:00 → 03:00; 2026-10-25: 03:00 → 02:00). Typed times refuse a skipped
/// time and take the first of a repeated one with a note; importers of zone-less times
/// move a skipped time forward by the gap and take the first of a repeated one, and say
/// how many they changed.
@Suite struct DaylightSavingTests {
    @Test(arguments: [
        // (zone, the entry's time, the day it moves to, the time it must have there)
        ("Europe/Berlin", "2026-10-20 10:00", "2026-10-26", "2026-10-26T10:00:00.000+01:00"),
        ("Europe/Berlin", "2026-10-24 23:30", "2026-10-25", "2026-10-25T23:30:00.000+01:00"),
        ("America/New_York", "2026-10-30 10:00", "2026-11-02", "2026-11-02T10:00:00.000-05:00"),
        // A reading the spring change leaves out moves forward by the gap, as everywhere else.
        ("Europe/Berlin", "2026-03-28 02:30", "2026-03-29", "2026-03-29T03:30:00.000+02:00")
    ])
    func aDayOnlyDateKeepsTheWallClockTimeAcrossAChange(
        zone: String, time: String, day: String, expected: String
    ) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--on", time], environment: ["TZ": zone])
        try store.succeed(["edit", "1", "--on", day], environment: ["TZ": zone])
        let entry = try #require(try store.json(["show", "1"], environment: ["TZ": zone]) as? [String: Any])
        #expect(entry["creationTime"] as? String == expected)
    }

    @Test func newOnADayWordAtEightTheMorningAfterAChangeIsEightThatDay() throws {
        let store = try TestStore(now: "2026-11-02T08:00:00-05:00")
        let entry = try store.create(["--text", "x", "--on", "yesterday"], environment: ["TZ": "America/New_York"])
        #expect(entry["creationTime"] as? String == "2026-11-01T08:00:00.000-05:00")
    }

    @Test func aTypedTimeInTheSpringGapIsRefusedNamingTheGapAndChangesNothing() throws {
        let store = try TestStore()
        _ = try store.create(["--text", "First"])
        let before = try store.snapshot()
        let result = try store.run(["new", "--text", "Too early", "--on", "2026-03-29 02:30"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("The value '2026-03-29 02:30' is invalid for '--on <date>'"))
        #expect(
            result.stderr.contains(
                "2026-03-29 02:30 does not exist in Europe/Berlin: on 2026-03-29 the clocks went from 02:00 straight to 03:00"
            ))
        #expect(try store.snapshot() == before)
    }

    @Test func aTypedTimeInTheGapIsRefusedAsABoundToo() throws {
        let store = try TestStore()
        let result = try store.run(["list", "--from", "2026-03-29 02:15"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("does not exist in Europe/Berlin"))
    }

    @Test func aRepeatedTypedTimeTakesTheFirstOccurrenceWithANote() throws {
        let store = try TestStore()
        let result = try store.run(["new", "--text", "Night", "--on", "2026-10-25 02:30", "--json"])
        #expect(result.status == 0, "\(result)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(entry["creationTime"] as? String == "2026-10-25T02:30:00.000+02:00")
        #expect(
            result.stderr == "Note: 2026-10-25 02:30 occurs twice in Europe/Berlin (the clocks were put back "
                + "that night); taking the first, 2026-10-25T02:30+02:00. For the second, write 2026-10-25T02:30+01:00.\n"
        )
        let second = try store.create(["--text", "Later", "--on", "2026-10-25T02:30+01:00"])
        #expect(second["creationTime"] as? String == "2026-10-25T02:30:00.000+01:00")
    }

    @Test func theJrnlImporterMovesAGapTimeForwardTakesTheFirstOfARepeatedOneAndCountsBoth() throws {
        let store = try TestStore()
        let journal = store.scratch.appendingPathComponent("journal.txt")
        try Data(
            "[2026-03-29 02:30] Spring night.\n\n[2026-10-25 02:30] Autumn night.\n\n[2026-11-29 14:00] Plain.\n".utf8
        )
        .write(to: journal)
        let result = try store.succeed(["import", "--from", "jrnl", journal.path])
        #expect(
            result.stdout == "\(journal.path): imported 3 entries with 0 media files, 0 already present, "
                + "0 empty skipped; 1 time in a daylight-saving gap moved forward by it, "
                + "1 repeated time taken at its first occurrence\n")
        let entries = try #require(try store.json(["list", "--oldest-first"]) as? [[String: Any]])
        #expect(
            entries.map { $0["creationTime"] as? String } == [
                "2026-03-29T03:30:00.000+02:00", "2026-10-25T02:30:00.000+02:00", "2026-11-29T14:00:00.000+01:00"
            ])
    }

    @Test func theJrnlJSONImporterFollowsTheSameRule() throws {
        let store = try TestStore()
        let export = store.scratch.appendingPathComponent("export.json")
        try Data(
            #"{"tags": {}, "entries": [{"title": "Spring night.", "body": "", "date": "2026-03-29", "time": "02:30"}]}"#
                .utf8
        )
        .write(to: export)
        let result = try store.succeed(["import", "--from", "jrnl", export.path])
        #expect(result.stdout.hasSuffix("; 1 time in a daylight-saving gap moved forward by it\n"))
        let entries = try #require(try store.json(["list"]) as? [[String: Any]])
        #expect(entries.first?["creationTime"] as? String == "2026-03-29T03:30:00.000+02:00")
    }

    @Test func aDayOneTimeWithoutOffsetIsReadInTheEntrysZoneByTheSameRule() throws {
        let store = try TestStore()
        let folder = store.scratch.appendingPathComponent("dayone", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            #"""
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "1546F37361264E129200B2CA6A885856", "creationDate": "2026-03-29T02:30:00",
               "timeZone": "Europe/Berlin", "text": "Spring night."},
              {"uuid": "1546F37361264E129200B2CA6A885857", "creationDate": "2026-10-25T02:30:00",
               "timeZone": "America/New_York", "text": "In New York."}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("Journal.json"))
        let result = try store.succeed(["import", "--from", "dayone", folder.path])
        #expect(result.stdout.hasSuffix("; 1 time in a daylight-saving gap moved forward by it\n"))
        let entries = try #require(try store.json(["list", "--oldest-first"]) as? [[String: Any]])
        #expect(
            entries.map { $0["creationTime"] as? String } == [
                "2026-03-29T03:30:00.000+02:00", "2026-10-25T07:30:00.000+01:00"
            ])
    }

    @Test func fromAndToTheSameMomentIsValidAndIncludesIt() throws {
        let store = try TestStore()
        let entry = try store.create(["--text", "On the dot", "--on", "2026-11-29 14:30"])
        _ = try store.create(["--text", "A minute later", "--on", "2026-11-29 14:31"])
        #expect(
            try store.listedIDs(["--from", "2026-11-29 14:30", "--to", "2026-11-29 14:30"]) == [entry["id"] as? Int])
        #expect(
            try store.listedIDs(["--from", "2026-11-29 14:00", "--to", "2026-11-29 14:30"]) == [entry["id"] as? Int])
    }

    @Test func aReversedRangeNamesTheTimesItCompared() throws {
        let store = try TestStore()
        let moments = try store.run(["list", "--from", "2026-03-29 03:30", "--to", "2026-03-29 01:30"])
        #expect(moments.status == 64)
        #expect(
            moments.stderr.hasPrefix(
                "Error: '--from 2026-03-29T03:30:00+02:00' is after '--to 2026-03-29T01:30:00+01:00'\n"))
        let days = try store.run(["list", "--from", "2026-11-30", "--to", "2026-11-29"])
        #expect(
            days.stderr.hasPrefix(
                "Error: '--from 2026-11-30' (from 2026-11-30T00:00:00+01:00) is after "
                    + "'--to 2026-11-29' (up to 2026-11-30T00:00:00+01:00)\n"))
    }
}
