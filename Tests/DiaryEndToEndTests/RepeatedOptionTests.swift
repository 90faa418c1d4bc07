import Foundation
import TestSupport
import Testing

/// Options that take one value are given once; contradictory ones are refused (the built `diary`).
@Suite struct RepeatedOptionTests {
    @Test(arguments: [
        ("--text <text>", ["new", "--text", "a", "--text", "b"]),
        ("--text <text>", ["new", "-t", "a", "--text=b"]),
        ("--on <date>", ["new", "--text", "a", "--on", "today", "--on", "yesterday"]),
        ("--text <text>", ["edit", "1", "--text", "a", "--text", "b"]),
        ("--from <date>", ["list", "--from", "2026-11-01", "--from", "2026-11-02"]),
        ("--from <tool>", ["import", "--from", "json", "--from", "jrnl", "x"]),
        ("--store <dir>", ["list", "--store", "/tmp/a", "--store", "/tmp/b"])
    ])
    func aSingleValueOptionGivenTwiceIsAUsageErrorNamingIt(option: String, arguments: [String]) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Keep me"])
        let before = try store.snapshot()
        let result = try store.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.hasPrefix("Error: The option '\(option)' takes one value but was given more than once\n"),
            "\(result)")
        #expect(try store.snapshot() == before)
    }

    @Test func repeatableOptionsStayRepeatable() throws {
        let store = try TestStore()
        let entry = try store.create([
            "--text", "Two of each", "--tag", "a", "--tag", "b",
            "--image", Fixture.path("jpeg-baseline.jpg"), "--image", Fixture.path("png-rgb-8.png")
        ])
        #expect(entry["tags"] as? [String] == ["a", "b"])
        #expect((entry["media"] as? [[String: Any]])?.count == 2)
    }

    @Test func taggingAndUntaggingOneNameIsAUsageError() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Tagged", "--tag", "b"])
        let before = try store.snapshot()
        let result = try store.run(["edit", "1", "--tag", "b", "--untag", "B"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("Error: Use either --tag b or --untag B, not both\n"), "\(result)")
        #expect(try store.snapshot() == before)
    }
}
