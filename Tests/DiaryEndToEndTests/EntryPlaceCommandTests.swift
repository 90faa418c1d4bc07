import Foundation
import TestSupport
import Testing

/// A Day One entry's place through the built `diary`: imported, shown, given to scripts, and
/// carried through an entry bundle and a whole-diary JSON export into another diary.
@Suite struct EntryPlaceCommandTests {
    static let picnicName = "Brooklyn Bridge Park, Brooklyn, New York, United States"
    static let hostileName = "Pier \u{1B}]0;owned\u{07}\u{1B}[2J \u{202E}7"

    /// A Day One export folder in `store`'s scratch space: the fixture's photo with two entries,
    /// a picnic at a full location and an evening at a place whose name would control a terminal.
    static func dayOneExport(in store: TestStore) throws -> URL {
        let folder = store.scratch.appendingPathComponent("dayone-places", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixture.path("interop/dayone/photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg"),
            toPath: folder.appendingPathComponent("photos/0cec02f15cc6898a6ba703e0297f79ae.jpeg").path)
        let hostile =
            String(
                data: try JSONSerialization.data(withJSONObject: [hostileName], options: .fragmentsAllowed),
                encoding: .utf8)?.dropFirst().dropLast() ?? ""
        try Data(
            #"""
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "7A1E8F1B2D3A4C5E8F7A6B5C4D3E2F01", "creationDate": "2026-06-20T16:00:00Z",
               "timeZone": "America/New_York", "text": "Picnic under the bridge.",
               "location": {"region": {"center": {"latitude": 40.7, "longitude": -74.0}, "radius": 75},
                            "placeName": "Brooklyn Bridge Park", "localityName": "Brooklyn",
                            "administrativeArea": "New York", "country": "United States",
                            "latitude": 40.70282, "longitude": -73.99668},
               "weather": {"temperatureCelsius": 24},
               "photos": [{"md5": "0cec02f15cc6898a6ba703e0297f79ae", "type": "jpeg"}]},
              {"uuid": "7A1E8F1B2D3A4C5E8F7A6B5C4D3E2F02", "creationDate": "2026-06-21T20:00:00Z",
               "text": "Evening.", "location": {"placeName": \#(hostile)}}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("Journal.json"))
        return folder
    }

    /// The `place` member of `diary show ID --json` on `store`, nil when there is none.
    static func place(_ store: TestStore, _ id: Int) throws -> [String: Any]? {
        let entry = try #require(try store.json(["show", "\(id)"]) as? [String: Any])
        return entry["place"] as? [String: Any]
    }

    @Test func aDayOneImportKeepsThePlaceAndShowAndScriptsSeeIt() throws {
        let store = try TestStore()
        let imported = try store.succeed(["import", "--from", "dayone", try Self.dayOneExport(in: store).path])
        #expect(
            imported.stdout.hasSuffix(
                "imported 2 entries with 1 media file, 0 already present, 0 empty skipped; "
                    + "not imported (the diary keeps no such thing): 1 weather record\n"), "\(imported)")
        let shown = try store.succeed(["show", "1"]).stdout
        #expect(shown.contains("\nPlace:    \(Self.picnicName) (40.702820, -73.996680)\n"), "\(shown)")
        let place = try #require(try Self.place(store, 1))
        #expect(place["name"] as? String == Self.picnicName)
        #expect(place["latitude"] as? Double == 40.70282 && place["longitude"] as? Double == -73.99668)
        // Only a name: the degrees are null; an entry without a place has no member.
        let evening = try #require(try Self.place(store, 2))
        #expect(evening["name"] as? String == Self.hostileName && evening["latitude"] is NSNull)
        try store.succeed(["new", "--text", "At home"])
        let home = try #require(try store.json(["show", "3"]) as? [String: Any])
        #expect(home["place"] == nil && home["starred"] != nil)
    }

    @Test func aPlaceNameIsEscapedOnATerminalAndGivenAsItIsToAPipe() throws {
        let store = try TestStore()
        try store.succeed(["import", "--from", "dayone", try Self.dayOneExport(in: store).path])
        let run = try runDiaryInTerminal(["show", "2"], store: store.url, environment: ["NO_COLOR": "1"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stdout.contains(#"Place:    Pier \u{1B}]0;owned\u{7}\u{1B}[2J \u{202E}7"#),
            "\(run.stdout.debugDescription)")
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(try store.succeed(["show", "2"]).stdout.contains("Place:    " + Self.hostileName + "\n"))
    }

    @Test(arguments: [[], ["--zip"]])
    func aBundleCarriesThePlaceIntoAnotherDiary(zip: [String]) throws {
        let store = try TestStore()
        try store.succeed(["import", "--from", "dayone", try Self.dayOneExport(in: store).path])
        let out = store.scratch.appendingPathComponent("bundles", isDirectory: true)
        try store.succeed(["export", "1", "2", "--output", out.path] + zip)
        let other = try TestStore()
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() {
            try other.succeed(["import", out.appendingPathComponent(name).path])
        }
        let ids = try other.listedIDs(["--oldest-first"])
        #expect(ids.count == 2)
        #expect(try Self.place(other, ids[0]) as NSDictionary? == (try Self.place(store, 1)) as NSDictionary?)
        #expect(try Self.place(other, ids[1]) as NSDictionary? == (try Self.place(store, 2)) as NSDictionary?)
        #expect(try other.succeed(["show", "\(ids[0])"]).stdout.contains("Place:    \(Self.picnicName) (40.702820"))
    }

    @Test func aWholeDiaryJSONExportCarriesThePlaceIntoAnotherDiary() throws {
        let store = try TestStore()
        try store.succeed(["import", "--from", "dayone", try Self.dayOneExport(in: store).path])
        let out = store.scratch.appendingPathComponent("json-export", isDirectory: true)
        try store.succeed(["export", "--format", "json", "--output", out.path])
        let other = try TestStore()
        let imported = try other.succeed(["import", "--from", "json", out.path])
        #expect(!imported.stdout.contains("not imported"), "\(imported)")
        let copies = try #require(try other.json(["list", "--oldest-first"]) as? [[String: Any]])
        let originals = try #require(try store.json(["list", "--oldest-first"]) as? [[String: Any]])
        #expect(copies.map { $0["place"] as? NSDictionary } == originals.map { $0["place"] as? NSDictionary })
        #expect(copies.first?["place"] != nil)
    }
}
