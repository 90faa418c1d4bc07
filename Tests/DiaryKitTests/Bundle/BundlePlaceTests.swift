import Foundation
import TestSupport
import Testing

@testable import DiaryKit

/// An entry's place in its bundle: written to `entry.json` and the page, read back on import;
/// a bundle from before places imports without one; a hostile place is refused naming its member.
@Suite struct BundlePlaceTests {
    static func harbour() throws -> EntryPlace {
        try #require(try EntryPlace(name: "Alter Strom, Warnemünde, Germany", latitude: 54.1774, longitude: 12.0837))
    }

    /// The beach-day entry at the harbour, written as a bundle in `folder`.
    private func bundle(in folder: TemporaryDirectory, place: EntryPlace?) throws -> URL {
        var entry = try TestEntries.beachDay(in: folder)
        entry.place = place
        return try BundleWriter(timeZone: testTimeZone).write(entry, to: try folder.folder("out"))
    }

    /// The bundle of the harbour entry with its parsed `entry.json` changed by `edit`.
    private func bundle(in folder: TemporaryDirectory, editing edit: (inout [String: Any]) -> Void) throws -> URL {
        let bundle = try bundle(in: folder, place: try Self.harbour())
        let manifest = bundle.appendingPathComponent("entry.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: manifest)
        return bundle
    }

    @Test(arguments: [BundleFormat.directory, .zip])
    func aPlaceGoesThroughABundleIntoAnotherDiary(format: BundleFormat) throws {
        let source = try TestDiary()
        var snapshot = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_795_000_000),
            updateTime: Date(timeIntervalSince1970: 1_795_000_000), text: "Harbour evening")
        snapshot.place = try Self.harbour()
        let named = try #require(try EntryPlace(name: "Only a name", latitude: nil, longitude: nil))
        var second = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_795_000_100),
            updateTime: Date(timeIntervalSince1970: 1_795_000_100), text: "Somewhere")
        second.place = named
        let ids = try source.diary.insertEntries([snapshot, second])
        let bundles = try source.diary.export(ids: ids, to: try source.folder.folder("out"), format: format)
        let target = try TestDiary()
        var places: [EntryPlace?] = []
        for bundle in bundles {
            guard case .imported(let copy) = try target.diary.importBundle(at: bundle.url) else {
                Issue.record("expected an import of \(bundle.url.lastPathComponent)")
                return
            }
            places.append(copy.place)
        }
        #expect(places == [try Self.harbour(), named])
    }

    @Test func theManifestAndThePageShowThePlace() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder, place: try Self.harbour())
        let manifest = try String(
            decoding: Data(contentsOf: bundle.appendingPathComponent("entry.json")), as: UTF8.self)
        #expect(
            manifest.contains(
                """
                  "starred": true,
                  "place": {
                    "name": "Alter Strom, Warnemünde, Germany",
                    "latitude": 54.1774,
                    "longitude": 12.0837
                  },
                  "media": [
                """), "\(manifest)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
        let place = try #require(json["place"] as? [String: Any])
        #expect(place["name"] as? String == "Alter Strom, Warnemünde, Germany")
        #expect(place["latitude"] as? Double == 54.1774 && place["longitude"] as? Double == 12.0837)
        let page = try String(decoding: Data(contentsOf: bundle.appendingPathComponent("index.html")), as: UTF8.self)
        #expect(
            page.contains(
                " · <a class=\"place\" href=\"https://www.openstreetmap.org/?mlat=54.177400&amp;mlon=12.083700"
                    + "#map=16/54.177400/12.083700\">Alter Strom, Warnemünde, Germany</a>"))
    }

    @Test func aBundleWithoutAPlaceHasNoPlaceMemberAndReadsWithout() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let plain = try bundle(in: folder, place: nil)
        let manifest = try String(decoding: Data(contentsOf: plain.appendingPathComponent("entry.json")), as: UTF8.self)
        #expect(!manifest.contains("place"))
        #expect(try acceptingReader.read(plain).entry.place == nil)
        // One written before places existed: the member is absent (or null).
        let olderFolder = try TemporaryDirectory(prefix: "diarykit-tests"),
            nulledFolder = try TemporaryDirectory(prefix: "diarykit-tests")
        let older = try bundle(in: olderFolder) { $0["place"] = nil }
        #expect(try acceptingReader.read(older).entry.place == nil)
        let nulled = try bundle(in: nulledFolder) { $0["place"] = NSNull() }
        #expect(try acceptingReader.read(nulled).entry.place == nil)
    }

    @Test(arguments: [
        (#"{"name": "Harbour", "latitude": 91, "longitude": 12}"#, "place.latitude", "must be within ±90 degrees"),
        (#"{"latitude": 54, "longitude": 180.01}"#, "place.longitude", "must be within ±180 degrees"),
        (#"{"name": "Harbour", "latitude": 54}"#, "place.longitude", "is missing"),
        (#"{"name": "\#(String(repeating: "x", count: 257))"}"#, "place.name", "at most 256 characters"),
        (#"{"name": 42}"#, "place.name", "must be a string"),
        (#"{"latitude": "54.1", "longitude": 12}"#, "place.latitude", "must be a number"),
        (#""Harbour""#, "place", "must be an object")
    ])
    func aHostilePlaceIsRefusedNamingItsMember(json: String, field: String, problem: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) { $0["place"] = value }
        let error = readError(bundle)
        guard case .invalidField(_, let reported, _) = error else {
            Issue.record("expected invalidField, got \(String(describing: error))"); return
        }
        #expect(reported == field)
        #expect(error?.description.contains(problem) == true, "\(String(describing: error))")
        #expect(error?.category == .dataError)
    }

    @Test func aNameWithControlCharactersIsKeptOnOneLineForTheOutputToEscape() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) {
            $0["place"] = ["name": "Harbour\u{1B}]0;pwned\u{07}\nPier"]
        }
        let place = try #require(try acceptingReader.read(bundle).entry.place)
        #expect(place.name == "Harbour\u{1B}]0;pwned\u{07} Pier")
    }
}
