import Foundation
import TestSupport
import Testing

/// `diary search` against temporary stores.
@Suite struct SearchCommandTests {
    @Test func findsTextIgnoringCaseAndAccents() throws {
        let store = try TestStore()
        for text in ["Sunset at the beach", "Café in the morning", "SUNSET again", "Nothing here"] {
            try store.succeed(["new", "--text", text])
        }
        let found = try #require(try store.json(["search", "sunset"]) as? [[String: Any]])
        #expect(found.compactMap { $0["id"] as? Int } == [3, 1])
        let accents = try #require(try store.json(["search", "cafe"]) as? [[String: Any]])
        #expect(accents.compactMap { $0["id"] as? Int } == [2])
        let limited = try #require(try store.json(["search", "sunset", "--limit", "1"]) as? [[String: Any]])
        #expect(limited.count == 1)
        let human = try store.succeed(["search", "beach"]).stdout
        #expect(human.contains("#1  ") && human.contains("Sunset at the beach") && !human.contains("#3"))
        #expect(try store.succeed(["search", "volcano"]).stdout == "No entries contain 'volcano'.\n")
        #expect(try store.run(["search", " "]).status == 64)
    }

    /// What a jrnl user searches for and found nothing before: symbols and emoji, CJK inside a
    /// run, a word inside a longer one; and `C++` no longer finds every word starting with c.
    @Test func findsSymbolsEmojiCJKAndWordsInsideWords() throws {
        let store = try TestStore()
        for text in [
            "Party time 🎉", "Käsekuchen bei Oma", "東京タワーに登った", "Learning C++ with coffee", "Cold coffee",
            "Tasks ✓ done", "Nothing here"
        ] {
            try store.succeed(["new", "--text", text])
        }
        func ids(_ words: String...) throws -> [Int] {
            try #require(try store.json(["search"] + words) as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
        #expect(try ids("🎉") == [1])
        #expect(try ids("✓") == [6])
        #expect(try ids("kuchen") == [2])
        #expect(try ids("タワー") == [3])
        #expect(try ids("C++") == [4])
        #expect(try ids("coffee", "c++") == [4])
        #expect(try ids("coffee") == [5, 4])
        #expect(try ids("c#").isEmpty)
        #expect(try store.succeed(["search", "🎈"]).stdout == "No entries contain '🎈'.\n")
        // Filters narrow a literal search as they narrow any other.
        try store.succeed(["edit", "4", "--star"])
        #expect(try ids("coffee", "--starred") == [4])
    }

    @Test func foldsLettersTheWayTheReadmePromises() throws {
        let store = try TestStore()
        for text in ["Die Straße am Fluss", "Grüße aus Łódź", "Über den Øresund", "Strasbourg"] {
            try store.succeed(["new", "--text", text])
        }
        func ids(_ query: String) throws -> [Int] {
            try #require(try store.json(["search", query]) as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
        for query in ["Straße", "straße", "strasse", "STRASSE"] { #expect(try ids(query) == [1], "\(query)") }
        #expect(try ids("stras") == [4, 1], "a word's start, folded")
        #expect(try ids("grüße") == [2])
        #expect(try ids("grusse") == [2])
        #expect(try ids("lodz") == [2])
        #expect(try ids("oresund") == [3])
        #expect(try ids("uber") == [3])
    }
}
