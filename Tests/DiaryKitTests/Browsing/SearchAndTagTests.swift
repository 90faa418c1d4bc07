import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct SearchAndTagTests {
    @Test func searchIgnoresCaseAndDiacritics() throws {
        let store = try TestDiary()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        try store.add("Café au lait at sunset", at: base)
        try store.add("SUNSET over the bay", at: base + 60)
        try store.add("Rainy morning", at: base + 120)
        #expect(try store.diary.search("sunset").map(\.text) == ["SUNSET over the bay", "Café au lait at sunset"])
        #expect(try store.diary.search("CAFE").map(\.text) == ["Café au lait at sunset"])
        #expect(try store.diary.search("snow").isEmpty)
        let limited = try store.diary.search("sunset", query: DiaryQuery(newestFirst: false, limit: 1))
        #expect(limited.map(\.text) == ["Café au lait at sunset"])
    }

    @Test func searchMatchesEveryWordOrItsStartInAnyOrder() throws {
        let store = try TestDiary()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        try store.add("Sunsets at the lighthouse", at: base)
        try store.add("The lighthouse keeper", at: base + 60)
        #expect(try store.diary.search("sun").map(\.text) == ["Sunsets at the lighthouse"])
        #expect(try store.diary.search("lighthouse sunsets").map(\.text) == ["Sunsets at the lighthouse"])
        #expect(try store.diary.search("light").count == 2)
        #expect(try store.diary.search("ighthouse").count == 2)  // inside words too, as jrnl's -contains
        #expect(try store.diary.search("\"keeper\" OR (").map(\.text) == [])  // query syntax is inert
    }

    @Test func tagsAreTrimmedAndCaseInsensitivelyUnique() throws {
        let store = try TestDiary()
        let first = try store.add { editor in
            editor.text = "one"
            try editor.addTags(["Travel", " beach "])
        }
        let second = try store.add { editor in
            editor.text = "two"
            try editor.addTags([" travel", "TRAVEL"])
        }
        #expect(first.tags == ["beach", "Travel"])
        #expect(second.tags == ["Travel"])
        #expect(try store.diary.tags() == [TagCount(name: "beach", count: 1), TagCount(name: "Travel", count: 2)])
        #expect(throws: DiaryError.invalidTag("  ")) { try store.diary.newEntry().addTags(["ok", "  "]) }
    }

    @Test func untaggingAndFilteringByTagStarAndMedia() throws {
        let store = try TestDiary()
        let plain = try store.add { editor in
            editor.text = "plain"
            try editor.addTag("home")
        }
        let photo = try store.add { editor in
            editor.text = "photo"
            editor.isStarred = true
            try editor.addMedia([Fixture.url("png-rgb-8.png")])
            try editor.addTag("Home")
        }
        func texts(_ filter: EntryFilter) throws -> [String?] {
            try store.diary.entries(DiaryQuery(filter: filter, newestFirst: false)).map(\.text)
        }
        #expect(try texts(EntryFilter(tags: ["HOME"])) == ["plain", "photo"])
        #expect(try texts(EntryFilter(starred: true)) == ["photo"])
        #expect(try texts(EntryFilter(starred: false)) == ["plain"])
        #expect(try texts(EntryFilter(hasMedia: true)) == ["photo"])
        #expect(try texts(EntryFilter(hasMedia: false)) == ["plain"])
        #expect(try texts(EntryFilter(tags: ["home"], hasMedia: false)) == ["plain"])
        let editor = try store.diary.editEntry(id: plain.id)
        #expect(editor.removeTag(" HOME "))
        #expect(!editor.removeTag("nothing"))
        try editor.save()
        #expect(try texts(EntryFilter(tags: ["home"])) == ["photo"])
        #expect(try store.diary.tags() == [TagCount(name: "home", count: 1)])
        #expect(try store.diary.entry(id: photo.id).tags == ["home"])
    }
}
