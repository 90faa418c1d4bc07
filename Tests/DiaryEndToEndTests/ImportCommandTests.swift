import Foundation
import TestSupport
import Testing

/// `diary import` against temporary stores.
@Suite struct ImportCommandTests {
    /// An entry with a photo, a recording and two tags, exported as a folder and a zip.
    static func exportedEntry() throws -> (store: TestStore, entry: [String: Any], folder: String, zip: String) {
        let store = try TestStore()
        let entry = try store.create([
            "--text", "Round trip ✓", "--image", Fixture.path("jpeg-orientation-3.jpg"),
            "--audio", Fixture.path("audio-tone.flac"), "--tag", "travel", "--tag", "Sea",
            "--star", "--on", "2026-10-25 01:30"
        ])
        let output = store.scratch.appendingPathComponent("out").path
        let folder = try store.succeed(["export", "1", "-o", output]).stdout.trimmingCharacters(in: .newlines)
        let zip = try store.succeed(["export", "1", "--zip", "-o", output]).stdout.trimmingCharacters(in: .newlines)
        return (store, entry, folder, zip)
    }

    @Test func exportThenImportGivesTheSameEntry() throws {
        let (source, original, folder, zip) = try Self.exportedEntry()
        defer { withExtendedLifetime(source) {} }
        for bundle in [folder, zip] {
            let fresh = try TestStore()
            let result = try fresh.succeed(["import", bundle])
            #expect(result.stdout == "\(bundle): imported #1\n")
            let copy = try #require(try fresh.json(["show", "1"]) as? [String: Any])
            for key in ["uuid", "creationTime", "updateTime", "text", "tags", "starred"] {
                #expect(String(describing: copy[key]) == String(describing: original[key]), "\(key)")
            }
            let hashes = { (entry: [String: Any]) in
                (entry["media"] as? [[String: Any]])?.map {
                    "\($0["sha256"] ?? "") \($0["fileName"] ?? "") \($0["kind"] ?? "")"
                }
            }
            #expect(hashes(copy) == hashes(original))
            #expect(hashes(copy)?.count == 2)
        }
    }

    @Test func importingTwiceAddsNothing() throws {
        let (source, original, folder, zip) = try Self.exportedEntry()
        let uuid = try #require(original["uuid"] as? String)
        let again = try source.succeed(["import", folder])
        #expect(again.stdout == "\(folder): skipped (already in the store: \(uuid), #1)\n")

        let fresh = try TestStore()
        try fresh.succeed(["import", folder])
        let before = try fresh.snapshot()
        let twice = try fresh.succeed(["import", zip, folder])
        #expect(twice.stdout.components(separatedBy: "skipped (already in the store: \(uuid)").count == 3)
        #expect(try fresh.listedIDs([]) == [1])
        #expect(try fresh.snapshot() == before)
    }

    @Test func aTamperedOrMissingBundleIsRefusedAndTheOthersStillImport() throws {
        let (source, _, folder, zip) = try Self.exportedEntry()
        defer { withExtendedLifetime(source) {} }
        let media = try FileManager.default.contentsOfDirectory(atPath: folder + "/media")
        let photo = try #require(media.first { $0.hasSuffix(".jpg") })
        let tampered = URL(fileURLWithPath: folder + "/media/" + photo)
        var bytes = try Data(contentsOf: tampered)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: tampered)

        let fresh = try TestStore()
        try fresh.succeed(["new", "--text", "already here"])
        let before = try fresh.snapshot()
        let result = try fresh.run(["import", folder])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("diary: ") && result.stderr.contains(photo))
        #expect(try fresh.snapshot() == before)

        let missing = try fresh.run(["import", fresh.scratch.appendingPathComponent("nothing.diaryentry").path])
        #expect(missing.status == 66, "\(missing)")
        #expect(try fresh.snapshot() == before)

        // With several bundles the good ones are imported, the bad ones reported, and the
        // status is the first failure's.
        let mixed = try fresh.run(["import", folder, zip])
        #expect(mixed.status == 65, "\(mixed)")
        #expect(mixed.stdout == "\(zip): imported #2\n")
        let errors = mixed.stderr.split(separator: "\n")
        #expect(errors.count == 2 && errors[0].contains(photo))
        #expect(errors.last == "diary: 1 of 2 bundles were not imported")
        #expect(try fresh.listedIDs([]) == [1, 2], "the imported entry keeps its October date")
    }
}
