import Foundation
import TestSupport
import Testing

@testable import DiaryKit

/// An entry's place: checked as a value, kept by the store, and gained by a store made before it.
@Suite struct EntryPlaceTests {
    /// A place with a name and a point.
    static func brooklyn() throws -> EntryPlace {
        try #require(try EntryPlace(name: "Brooklyn Bridge Park, Brooklyn", latitude: 40.70282, longitude: -73.99668))
    }

    @Test func aNameIsOneTrimmedLineAndABlankOneIsNone() throws {
        let place = try #require(try EntryPlace(name: "  Brooklyn\nBridge\t\tPark ", latitude: nil, longitude: nil))
        #expect(place.name == "Brooklyn Bridge Park" && place.coordinates == nil)
        #expect(try EntryPlace(name: " \n ", latitude: nil, longitude: nil) == nil)
        #expect(try EntryPlace(name: nil, latitude: nil, longitude: nil) == nil)
        let point = try #require(try EntryPlace(name: "", latitude: -33.8568, longitude: 151.2153))
        #expect(point.name == nil && point.coordinates?.latitude == -33.8568)
    }

    @Test func outOfRangeDegreesHalfAPointAndLongNamesAreProblemsNamingTheirMember() {
        #expect(throws: EntryPlace.Problem.latitudeOutOfRange(90.5)) {
            try EntryPlace(name: "x", latitude: 90.5, longitude: 0)
        }
        #expect(throws: EntryPlace.Problem.longitudeOutOfRange(-181)) {
            try EntryPlace(name: nil, latitude: 0, longitude: -181)
        }
        #expect(throws: EntryPlace.Problem.self) { try EntryPlace(name: nil, latitude: .nan, longitude: 0) }
        #expect(throws: EntryPlace.Problem.missingDegree(field: "longitude")) {
            try EntryPlace(name: nil, latitude: 1, longitude: nil)
        }
        #expect(throws: EntryPlace.Problem.nameTooLong(characters: 257)) {
            try EntryPlace(name: String(repeating: "é", count: 257), latitude: nil, longitude: nil)
        }
        #expect(EntryPlace.Problem.latitudeOutOfRange(91).field == "latitude")
        #expect(
            EntryPlace.Problem.missingDegree(field: "latitude").description
                == "is missing (a place has both degrees or neither)")
        // The limits themselves are places.
        #expect((try? EntryPlace(name: String(repeating: "é", count: 256), latitude: -90, longitude: 180)) != nil)
    }

    @Test func textShowsTheNameAndThePointWithSixDecimals() throws {
        #expect(try Self.brooklyn().text == "Brooklyn Bridge Park, Brooklyn (40.702820, -73.996680)")
        #expect(try EntryPlace(name: "Harbour", latitude: nil, longitude: nil)?.text == "Harbour")
        #expect(try EntryPlace(name: nil, latitude: -0.0000001, longitude: 12)?.text == "0.000000, 12.000000")
    }

    @Test func thePlaceIsStoredWithTheEntryAndAnEditKeepsIt() throws {
        let store = try TestDiary()
        var snapshot = EntrySnapshot(
            uuid: UUID(), creationTime: Date(timeIntervalSince1970: 1_795_960_205),
            updateTime: Date(timeIntervalSince1970: 1_795_960_205), text: "Walk by the river")
        snapshot.place = try Self.brooklyn()
        let id = try #require(try store.diary.insertEntries([snapshot]).first)
        #expect(try store.diary.entry(id: id).place == (try Self.brooklyn()))
        let editor = try store.diary.editEntry(id: id)
        editor.text = "Walk by the East River"
        #expect(try editor.save().place == (try Self.brooklyn()))
        let reopened = try Diary(directory: store.directory, access: .reading)
        #expect(try reopened.entry(id: id).place == (try Self.brooklyn()))
    }

    @Test func aStoreMadeBeforeEntryPlacesOpensKeepsItsEntryAndTakesPlaces() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let copy = folder.url.appendingPathComponent("store")
        try FileManager.default.copyItem(
            at: Fixture.folder.appendingPathComponent("stores/before-entry-places"), to: copy)
        let diary = try Diary(directory: copy, access: .updating)
        let old = try diary.entry(id: 1)
        #expect(old.uuid == UUID(uuidString: "145aa998-328d-4b7e-87fc-2468e1c62677"))
        #expect(old.text == "Before entry places" && old.tags == ["travel"] && old.place == nil)
        #expect(old.creationTime == ISO8601DateFormatter().date(from: "2026-11-29T13:30:00Z"))
        let photo = try Fixture.sha256("jpeg-baseline.jpg")
        #expect(old.media.count == 1 && old.media[0].width == 64 && old.media[0].sha256 == photo)
        var snapshot = EntrySnapshot(uuid: UUID(), creationTime: Date(), updateTime: Date(), text: "Somewhere")
        snapshot.place = try Self.brooklyn()
        let id = try #require(try diary.insertEntries([snapshot]).first)
        let again = try Diary(directory: copy, access: .updating)
        #expect(try again.entry(id: id).place == (try Self.brooklyn()))
        #expect(try again.entry(id: 1).text == "Before entry places")
        #expect(try again.check().isHealthy)
    }
}
