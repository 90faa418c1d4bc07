import Foundation
import TestSupport
import Testing

@testable import DiaryKit

/// A Day One entry's `location` becomes the entry's place; one that cannot be read leaves the
/// entry without a place, counted, and never fails the import.
@Suite struct DayOneLocationTests {
    /// The first entry `DayOneReader` reads from a journal of one entry with `location` (JSON text).
    func entry(location: String, extra: String = "") throws -> ImportedEntry {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let journal = try folder.file(
            "Journal.json",
            Data(
                """
                {"metadata": {"version": "1.0"}, "entries": [
                  {"uuid": "1546F37361264E129200B2CA6A885870", "creationDate": "2026-07-01T10:00:00Z",
                   "text": "Picnic.", "location": \(location)\(extra)}]}
                """.utf8))
        let reader = try DayOneReader(at: journal)
        return try #require(try reader.nextEntry())
    }

    @Test func aFullLocationGivesTheNameFromParticularToGeneralAndThePoint() throws {
        let picnic = try entry(
            location: """
                {"region": {"center": {"latitude": 40.7, "longitude": -74.0}, "radius": 75},
                 "placeName": "Brooklyn Bridge Park", "localityName": "Brooklyn", "administrativeArea": "New York",
                 "country": "United States", "latitude": 40.70282, "longitude": -73.99668, "timeZoneName": \
                 "America/New_York"}
                """)
        #expect(picnic.place?.name == "Brooklyn Bridge Park, Brooklyn, New York, United States")
        #expect(picnic.place?.coordinates == Coordinates(latitude: 40.70282, longitude: -73.99668))
        #expect(picnic.leftOut.isEmpty)
        #expect(picnic.text == "Picnic.")
    }

    @Test(arguments: [
        (
            #"{"placeName": "Berlin", "localityName": "Berlin", "administrativeArea": "berlin", "country": "Germany"}"#,
            "Berlin, Germany"
        ),
        (
            #"{"placeName": "1 Water St, Brooklyn", "localityName": "Brooklyn", "country": "United States"}"#,
            "1 Water St, Brooklyn, United States"
        ),
        (
            #"{"placeName": "  ", "localityName": "Warnemünde\n", "administrativeArea": null, "country": "Germany"}"#,
            "Warnemünde, Germany"
        ),
        (#"{"country": "Iceland"}"#, "Iceland")
    ])
    func theNameLeavesOutBlankAndRepeatedParts(location: String, name: String) throws {
        let picnic = try entry(location: location)
        #expect(picnic.place?.name == name)
        #expect(picnic.place?.coordinates == nil)
        #expect(picnic.leftOut.isEmpty)
    }

    @Test func aPointWithoutNamesIsAPlaceAndAnEmptyLocationIsNone() throws {
        let point = try entry(location: #"{"latitude": -33.8568, "longitude": 151.2153}"#)
        #expect(point.place?.name == nil && point.place?.coordinates?.longitude == 151.2153)
        for nothing in ["{}", "null", #"{"placeName": "", "latitude": null}"#] {
            let plain = try entry(location: nothing)
            #expect(plain.place == nil && plain.leftOut.isEmpty, "\(nothing)")
        }
    }

    @Test(arguments: [
        #"{"placeName": "Harbour", "latitude": 123.4, "longitude": 12.0}"#,
        #"{"placeName": "Harbour", "latitude": 54.1, "longitude": -180.5}"#,
        #"{"placeName": "Harbour", "latitude": "54.1", "longitude": "12.0"}"#,
        #"{"placeName": "Harbour", "latitude": 54.1}"#,
        #"{"localityName": 5, "latitude": 54.1, "longitude": 12.0}"#,
        #"{"placeName": ["Harbour"]}"#,
        #""Harbour""#,
        #"[54.1, 12.0]"#
    ])
    func anUnreadableLocationLeavesTheEntryWithoutAPlaceAndIsCounted(location: String) throws {
        let picnic = try entry(location: location)
        #expect(picnic.place == nil)
        #expect(picnic.leftOut.unreadablePlaces == 1)
        #expect(picnic.text == "Picnic.")
    }

    @Test func aNameLongerThanTheStoreKeepsIsUnreadable() throws {
        let place = String(repeating: "p", count: 200), locality = String(repeating: "l", count: 60)
        let picnic = try entry(
            location: #"{"placeName": "\#(place)", "localityName": "\#(locality)", "latitude": 1, "longitude": 2}"#)
        #expect(picnic.place == nil && picnic.leftOut.unreadablePlaces == 1)
    }

    @Test func weatherIsStillLeftOutBesideAKeptPlace() throws {
        let picnic = try entry(
            location: #"{"placeName": "Harbour", "latitude": 54.1, "longitude": 12.0}"#,
            extra: #", "weather": {"temperatureCelsius": 21}"#)
        #expect(picnic.place?.name == "Harbour")
        var expected = LeftOutContent()
        expected.weather = 1
        #expect(picnic.leftOut == expected)
    }

    @Test func anImportKeepsTheEntriesAndCountsOnlyTheUnreadablePlaces() throws {
        let store = try TestDiary()
        let journal = try store.folder.file(
            "export/Journal.json",
            Data(
                #"""
                {"entries": [
                  {"uuid": "1546F37361264E129200B2CA6A885871", "creationDate": "2026-07-01T10:00:00Z", "text": "Kept.",
                   "location": {"placeName": "Harbour", "latitude": 54.1, "longitude": 12.0}},
                  {"uuid": "1546F37361264E129200B2CA6A885872", "creationDate": "2026-07-02T10:00:00Z", "text": "Out of range.",
                   "location": {"placeName": "Nowhere", "latitude": 954.1, "longitude": 12.0}}]}
                """#.utf8))
        let summary = try store.diary.importEntries(from: journal.deletingLastPathComponent(), format: .dayone)
        var expected = BulkImportSummary(imported: 2)
        expected.leftOut.unreadablePlaces = 1
        #expect(summary == expected)
        let entries = try store.diary.allEntriesOldestFirst()
        #expect(entries.map(\.text) == ["Kept.", "Out of range."])
        #expect(entries.map(\.place?.name) == ["Harbour", nil])
    }
}
