import Foundation
import TestSupport
import Testing

/// `diary import --from` and `diary export --format` end to end, on the built binary.
@Suite struct InteropCommandTests {
    @Test func importsAJrnlExportAndTheJournalFileAndRerunsSkip() throws {
        let store = try TestStore()
        let export = Fixture.path("interop/jrnl/export.json")
        let first = try store.succeed(["import", "--from", "jrnl", export])
        #expect(
            first.stdout == "\(export): imported 3 entries with 0 media files, 0 already present, 0 empty skipped\n")
        let again = try store.succeed(["import", "--from", "jrnl", Fixture.path("interop/jrnl/journal.txt")])
        #expect(again.stdout.contains("imported 0 entries with 0 media files, 3 already present"))
        let entries = try #require(try store.json(["list", "--oldest-first"]) as? [[String: Any]])
        #expect(
            entries.map { $0["text"] as? String } == [
                "Started the new project.\nMet @alice for the kickoff; lots to do at @work.",
                "Best day of my life!",
                "Late shift at @work.\nLine one of the body.\nLine two: ünïcödé and a wave 🌊."
            ])
        #expect(entries.first?["creationTime"] as? String == "2026-11-27T09:00:00.000+01:00")
        #expect(try store.listedIDs(["--starred"]) == [2])
    }

    @Test func importsADayOneFolderWithItsMedia() throws {
        let store = try TestStore()
        try store.succeed(["import", "--from", "dayone", Fixture.path("interop/dayone")])
        let beach = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(beach["text"] as? String == "Beach day. The waves were high!")
        #expect(beach["starred"] as? Bool == true)
        let media = try #require(beach["media"] as? [[String: Any]])
        #expect(media.map { $0["mimeType"] as? String } == ["image/jpeg", "image/png"])
        let walk = try #require(try store.json(["show", "2"]) as? [String: Any])
        #expect((walk["media"] as? [[String: Any]])?.first?["kind"] as? String == "audio")
    }

    /// What a Day One entry holds that the diary cannot keep, or a place it cannot read, is
    /// counted in the summary line, not dropped without a word; the entries themselves are imported.
    @Test func aDayOneImportSaysWhatItLeftOut() throws {
        let store = try TestStore()
        let folder = store.scratch.appendingPathComponent("dayone-extras", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            #"""
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "1546F37361264E129200B2CA6A885861", "creationDate": "2026-07-01T10:00:00Z", "text": "Boat trip.",
               "videos": [{"md5": "aa", "type": "mov"}, {"md5": "bb", "type": "mp4"}],
               "pdfAttachments": [{"md5": "cc", "type": "pdf"}],
               "location": {"latitude": 54.1, "longitude": 12.0, "placeName": "Harbour"},
               "weather": {"temperatureCelsius": 21, "conditionsDescription": "Sunny"}},
              {"uuid": "1546F37361264E129200B2CA6A885862", "creationDate": "2026-07-02T10:00:00Z", "text": "Home.",
               "location": {"placeName": "Nowhere", "latitude": 91, "longitude": 12.0}}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("Journal.json"))
        let result = try store.succeed(["import", "--from", "dayone", folder.path])
        // The harbour is kept as the first entry's place; the second's, out of range, is not.
        #expect(
            result.stdout.hasSuffix(
                "; not imported (the diary keeps no such thing): 2 videos, 1 PDF, "
                    + "1 weather record; not imported (unreadable): 1 entry place\n"), "\(result)")
        #expect(try store.listedIDs([]).count == 2)
        // A second run imports nothing, and so leaves nothing out.
        let again = try store.succeed(["import", "--from", "dayone", folder.path])
        #expect(!again.stdout.contains("not imported"), "\(again)")
    }

    @Test func malformedInputIsOneLineNamingFileAndEntryWithStatus65() throws {
        let store = try TestStore()
        let broken = Fixture.path("interop/jrnl/broken.json")
        let result = try store.run(["import", "--from", "jrnl", broken])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "diary: \(broken): entry 2: \"date\" is not a date in the form YYYY-MM-DD (found \"27.11.2026\")\n")
        // Nothing imported into the store this import would have created: there is none.
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test func hostileJournalFilesAreRefusedQuicklyAndLeaveTheStoreAlone() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Already here"])
        let before = try store.snapshot()
        // One line of 100 MB: refused once 4 MiB are read, not after reading it all.
        let long = store.scratch.appendingPathComponent("long.txt")
        var text = Data("[2026-11-27 09:00] Start\n".utf8)
        text.append(Data(repeating: UInt8(ascii: "x"), count: 100 << 20))
        try text.write(to: long)
        let started = Date()
        let refused = try store.run(["import", "--from", "jrnl", long.path])
        #expect(Date().timeIntervalSince(started) < 10, "refused quickly")
        #expect(refused.status == 65)
        #expect(refused.stderr == "diary: \(long.path): entry 1: line 2 is longer than 4 MiB\n")
        #expect(try store.snapshot() == before)
        let zero = try store.run(["import", "--from", "jrnl", "/dev/zero"])
        #expect(zero.status == 66)
        #expect(zero.stderr == "diary: /dev/zero: not a regular file or folder (a pipe, a device or a socket)\n")
        #expect(try store.snapshot() == before)
        let invalid = store.scratch.appendingPathComponent("invalid.txt")
        // The bad byte is on the line that starts entry 2.
        try (Data("[2026-11-27 09:00] One\n\n[2026-11-28 09:00] Two ".utf8) + [0xFF, 0x0A]).write(to: invalid)
        let bad = try store.run(["import", "--from", "jrnl", invalid.path])
        #expect(bad.status == 65)
        #expect(bad.stderr == "diary: \(invalid.path): entry 2: line 3 is not UTF-8 text\n")
        #expect(try store.snapshot() == before)
    }

    @Test func unknownSourceIsAUsageError() throws {
        let store = try TestStore()
        let result = try store.run(["import", "--from", "evernote", Fixture.path("interop/jrnl/export.json")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("evernote"))
    }

    @Test func jsonExportImportsIntoAFreshStoreAsTheSameDiary() throws {
        let source = try TestStore()
        try source.succeed(["import", "--from", "dayone", Fixture.path("interop/dayone")])
        _ = try source.create([
            "--text", "Written here", "--image", Fixture.path("png-rgb-8.png"), "--tag", "Home", "--star"
        ])
        let out = source.scratch.appendingPathComponent("export").path
        let exported = try source.succeed(["export", "--format", "json", "--output", out])
        #expect(exported.stdout == "Exported 4 entries and 3 media files to \(out)\n")

        let fresh = try TestStore()
        try fresh.succeed(["import", "--from", "json", out])
        let before = try #require(try source.json(["list", "--oldest-first"]) as? [[String: Any]])
        let after = try #require(try fresh.json(["list", "--oldest-first"]) as? [[String: Any]])
        #expect(after.count == 4)
        for (original, copy) in zip(before, after) {
            for key in ["uuid", "creationTime", "updateTime", "text", "tags", "starred"] {
                #expect(String(describing: copy[key]) == String(describing: original[key]), "\(key)")
            }
            let hashes = { (entry: [String: Any]) in
                (entry["media"] as? [[String: Any]])?.map { "\($0["sha256"] ?? "")" }
            }
            #expect(hashes(copy) == hashes(original))
        }
    }

    @Test func summariesCountOneEntryInTheSingular() throws {
        let source = try TestStore()
        _ = try source.create(["--text", "Only one"])
        let out = source.scratch.appendingPathComponent("export").path
        let exported = try source.succeed(["export", "--format", "json", "--output", out])
        #expect(exported.stdout == "Exported 1 entry and 0 media files to \(out)\n")
        let fresh = try TestStore()
        let imported = try fresh.succeed(["import", "--from", "json", out])
        #expect(
            imported.stdout.hasSuffix(": imported 1 entry with 0 media files, 0 already present, 0 empty skipped\n"))
    }

    @Test func theJSONExportWritesEachEntryAsShowJSONDoesPlusZoneAndMediaPaths() throws {
        let store = try TestStore()
        _ = try store.create([
            "--text", "Same shape", "--image", Fixture.path("png-rgb-8.png"), "--audio", Fixture.path("audio-tone.wav")
        ])
        let shown = try #require(try store.json(["show", "1"]) as? [String: Any])
        let out = store.scratch.appendingPathComponent("export").path
        try store.succeed(["export", "--format", "json", "--output", out])
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/entries.json"))
        let exported = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        #expect(exported["uuid"] as? String == shown["uuid"] as? String)
        // The export also keeps the zone the entry was written in, which a re-import restores.
        #expect(Set(exported.keys) == Set(shown.keys).union(["timeZone"]))
        #expect(exported["timeZone"] is String)
        let exportedMedia = (exported["media"] as? [[String: Any]]) ?? []
        let shownMedia = (shown["media"] as? [[String: Any]]) ?? []
        #expect(exportedMedia.count == 2 && shownMedia.count == 2)
        for (copy, original) in zip(exportedMedia, shownMedia) {
            #expect(Set(copy.keys) == Set(original.keys).union(["path"]))
            #expect(copy["sha256"] as? String == original["sha256"] as? String)
        }
    }

    @Test func aFolderGivenAsAJournalFileIsNamedAsSuch() throws {
        let store = try TestStore()
        let folder = Fixture.path("interop/jrnl")
        let result = try store.run(["import", "--from", "jrnl", folder])
        #expect(result.status == 66)
        #expect(result.stderr == "diary: \(folder): it is a folder, not a file\n")
    }

    @Test func markdownExportOfARangeWritesDayFiles() throws {
        let store = try TestStore()
        try store.succeed(["import", "--from", "dayone", Fixture.path("interop/dayone")])
        let out = store.scratch.appendingPathComponent("md").path
        try store.succeed([
            "export", "--format", "markdown", "--from", "2026-11-29", "--to", "2026-11-30", "--output", out
        ])
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["2026-11-29.md", "2026-11-30.md", "media"])
        let day = try String(contentsOfFile: out + "/2026-11-29.md", encoding: .utf8)
        // On the clock of the zone Day One recorded for the entry (New York), not the reader's.
        #expect(day.hasPrefix("# Sunday, 29 November 2026\n\n## 14:40\n"))
        #expect(day.contains("[recording: "))
    }

    @Test func formatNeedsAnOutputFolderAndNoEntryNumbers() throws {
        let store = try TestStore()
        #expect(try store.run(["export", "--format", "json"]).status == 64)
        #expect(try store.run(["export", "1", "--format", "json", "--output", store.scratch.path + "/x"]).status == 64)
    }
}
