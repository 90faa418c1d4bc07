import Foundation
import TestSupport
import Testing

/// `diary tags` against temporary stores.
@Suite struct TagsCommandTests {
    @Test func anEntryCarriesAtMost256TagsAndMoreIsRefusedChangingNothing() throws {
        let store = try TestStore()
        let many = (1...256).flatMap { ["--tag", "t\($0)"] }
        let entry = try store.create(["--text", "tagged"] + many)
        #expect((entry["tags"] as? [String])?.count == 256)
        let before = try store.snapshot()
        let refused = try store.run(["new", "--text", "more"] + many + ["--tag", "one more"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr == "diary: the entry would carry 257 tags, more than the limit of 256 per entry; "
                + "nothing was saved\n")
        let edited = try store.run(["edit", "1", "--tag", "one more"])
        #expect(edited.status == 65, "\(edited)")
        #expect(try store.snapshot() == before)
    }

    @Test func listsTagsWithTheirEntryCounts() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "a", "--tag", "travel", "--tag", "sea"])
        try store.succeed(["new", "--text", "b", "--tag", "Travel"])
        try store.succeed(["new", "--text", "c", "--tag", "work"])
        let tags = try #require(try store.json(["tags"]) as? [[String: Any]])
        #expect(tags.map { "\($0["name"] ?? "")=\($0["count"] ?? "")" } == ["sea=1", "travel=2", "work=1"])
        #expect(
            try store.succeed(["tags"]).stdout == """
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
