import Foundation
import TestSupport
import Testing

/// `diary search` takes several words and the same filters as `diary list`.
@Suite struct SearchFilterTests {
    private func store() throws -> TestStore {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Sunset at the beach", "--on", "2026-10-10 19:00", "--tag", "sea"])
        try store.succeed(["new", "--text", "Sunset over the city", "--on", "2026-11-10 19:00", "--star"])
        try store.succeed([
            "new", "--text", "Beach sunset photo", "--on", "2026-11-12 19:00",
            "--image", Fixture.path("jpeg-baseline.jpg")
        ])
        return store
    }

    private func ids(_ arguments: [String], in store: TestStore) throws -> [Int] {
        try #require(try store.json(arguments + ["--json"]) as? [[String: Any]]).compactMap { $0["id"] as? Int }
    }

    @Test func severalWordsMustAllOccur() throws {
        let store = try store()
        #expect(try ids(["search", "sunset"], in: store) == [3, 2, 1])
        #expect(try ids(["search", "sunset", "beach"], in: store) == [3, 1])
        #expect(try ids(["search", "beach", "city"], in: store) == [])
    }

    @Test(arguments: [
        ["--month", "2026-11"], ["--from", "2026-11-11"], ["--on", "2026-10-10"], ["--starred"],
        ["--with-media"], ["--tag", "sea"], ["--year", "2026", "--limit", "1"]
    ])
    func eachFilterSelectsWhatTheSameListFilterSelects(filter: [String]) throws {
        let store = try store()
        let found = try ids(["search", "sunset"] + filter, in: store)
        let listed = try ids(["list"] + filter, in: store)
        #expect(found == listed, "search \(filter) gave \(found), list \(filter) gave \(listed)")
        #expect(!found.isEmpty)
    }

    @Test func aQuotedArgumentOfSeveralWordsIsAPhrase() throws {
        let store = try store()
        #expect(try ids(["search", "sunset at the beach"], in: store) == [1])
        #expect(try ids(["search", "beach sunset"], in: store) == [3])
        #expect(try ids(["search", "sunset", "beach"], in: store) == [3, 1])
        #expect(try store.succeed(["search", "beach at sunset"]).stdout == "No entries contain 'beach at sunset'.\n")
    }
}
