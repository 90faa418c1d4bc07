import Foundation
import TestSupport
import Testing

/// Tag options of `list` and `search`: any of several `--tag`, `--all-tags`, `--not-tag`,
/// and a leading `#` or `@` ignored on every tag option.
@Suite struct TagLogicTests {
    /// #1 sea, #2 sea+work, #3 work, #4 untagged.
    private func store() throws -> TestStore {
        let store = try TestStore()
        try store.succeed(["new", "--text", "beach one", "--tag", "sea"])
        try store.succeed(["new", "--text", "beach meeting", "--tag", "sea", "--tag", "work"])
        try store.succeed(["new", "--text", "office", "--tag", "work"])
        try store.succeed(["new", "--text", "beach untagged"])
        return store
    }

    private func ids(_ arguments: [String], in store: TestStore) throws -> [Int] {
        try #require(try store.json(arguments + ["--json"]) as? [[String: Any]]).compactMap { $0["id"] as? Int }
    }

    @Test func severalTagsMeanAnyAllTagsMeansAllAndNotTagExcludes() throws {
        let store = try store()
        #expect(try ids(["list", "--tag", "sea", "--tag", "work"], in: store) == [3, 2, 1])
        #expect(try ids(["list", "--tag", "sea", "--tag", "work", "--all-tags"], in: store) == [2])
        #expect(try ids(["list", "--not-tag", "work"], in: store) == [4, 1])
        #expect(try ids(["list", "--tag", "sea", "--not-tag", "work"], in: store) == [1])
        #expect(try ids(["search", "beach", "--not-tag", "sea"], in: store) == [4])
        #expect(try ids(["search", "beach", "--tag", "sea", "--tag", "work", "--all-tags"], in: store) == [2])
        #expect(try store.run(["list", "--all-tags"]).status == 64)
    }

    @Test func aLeadingHashOrAtOnATagOptionIsIgnored() throws {
        let store = try store()
        #expect(try ids(["list", "--tag", "#sea"], in: store) == [2, 1])
        #expect(try ids(["list", "--not-tag", "@work"], in: store) == [4, 1])
        try store.succeed(["new", "--text", "tagged as listed", "--tag", "#Travel"])
        #expect(try store.succeed(["tags"]).stdout.contains("#Travel  "))
        try store.succeed(["edit", "5", "--untag", "#travel"])
        let entry = try #require(try store.json(["show", "5"]) as? [String: Any])
        #expect(entry["tags"] as? [String] == [])
    }
}
