import Foundation
import Testing

/// `diary tags` against temporary stores.
@Suite struct TagsCommandTests {
    @Test func listsTagsWithTheirEntryCounts() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "a", "--tag", "travel", "--tag", "sea"])
        try store.succeed(["new", "--text", "b", "--tag", "Travel"])
        try store.succeed(["new", "--text", "c", "--tag", "work"])
        let tags = try #require(try store.json(["tags"]) as? [[String: Any]])
        #expect(tags.map { "\($0["name"] ?? "")=\($0["count"] ?? "")" } == ["sea=1", "travel=2", "work=1"])
        #expect(try store.succeed(["tags"]).stdout == """
            #sea     1 entry
            #travel  2 entries
            #work    1 entry

            """)
        try store.succeed(["delete", "3", "--yes"])
        #expect((try store.json(["tags"]) as? [[String: Any]])?.count == 2)
        let untagged = try TestStore()
        try untagged.succeed(["new", "--text", "no tags here"])
        #expect(try untagged.succeed(["tags"]).stdout == "No tags.\n")
    }

    @Test func byCountPutsTheMostUsedTagFirstAndTiesByName() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "a", "--tag", "b-rare", "--tag", "often"])
        try store.succeed(["new", "--text", "b", "--tag", "often", "--tag", "a-rare"])
        try store.succeed(["new", "--text", "c", "--tag", "often"])
        let tags = try #require(try store.json(["tags", "--by-count"]) as? [[String: Any]])
        #expect(tags.compactMap { $0["name"] as? String } == ["often", "a-rare", "b-rare"])
        #expect(try store.succeed(["tags", "--by-count"]).stdout.hasPrefix("#often   3 entries\n"))
    }
}
