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
        try store.succeed(["delete", "3"])
        #expect((try store.json(["tags"]) as? [[String: Any]])?.count == 2)
        let untagged = try TestStore()
        try untagged.succeed(["new", "--text", "no tags here"])
        #expect(try untagged.succeed(["tags"]).stdout == "No tags.\n")
    }
}
