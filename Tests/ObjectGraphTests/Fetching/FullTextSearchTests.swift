import CSQLite
import Foundation
import Testing

@testable import ObjectGraph

@Suite struct FullTextSearchTests {
    private func search(
        _ text: String, in attributes: [String]? = nil, prefixes: Bool = false, substrings: Bool = false,
        _ context: ManagedObjectContext
    ) throws -> [String?] {
        var request = FetchRequest(entityName: "Entry", sortOrderings: [SortOrdering("title")])
        request.fullTextSearch = FullTextSearch(
            text, in: attributes, matchesPrefixes: prefixes, matchesSubstrings: substrings)
        return titles(try context.fetch(request))
    }

    /// A fresh store of `type` with the seed data, saved and reopened.
    private func seeded(_ type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: queryModel, type: type)
        try seed(stack)
        return stack
    }

    private func seed(_ stack: TestStack) throws {
        try insertEntry(stack.context, title: "Berlin", text: "Café am Kreuzberg, photographs of the wall")
        try insertEntry(stack.context, title: "Paris", text: "Crêpes near the river; CAFE noir")
        try insertEntry(stack.context, title: "Rome", text: "A quote \"AND\" (OR) * NEAR stars")
        try stack.context.save()
        try stack.reopen()
    }

    /// With `matchesSubstrings` a term is found inside words and across them, ASCII case
    /// ignored; a term that is not a plain word only so, literally: the same answers on every
    /// store, and for unsaved objects.
    @Test(arguments: allStoreTypes)
    func findsRunsOfCharactersAndLiteralTerms(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        try insertEntry(stack.context, title: "Cake", text: "Käsekuchen mit Sahne 🎉")
        try insertEntry(stack.context, title: "Code", text: "Learning C++ and C# today, see c-lang")
        try insertEntry(stack.context, title: "Tokyo", text: "東京タワーの夜")
        try insertEntry(stack.context, title: "Cafe", text: "Café crème, ✓ done")
        try insertEntry(stack.context, title: "Power", text: "Battery at 100% in snake_case \\o/")
        try insertEntry(stack.context, title: "Count", text: "Counted 1000 of them in snakeXcase")
        for saved in [false, true] {
            if saved {
                try stack.context.save()
                try stack.reopen()
            }
            let context = stack.context
            func find(_ text: String) throws -> [String?] {
                try search(text, prefixes: true, substrings: true, context)
            }
            #expect(try find("kuchen") == ["Cake"], "saved: \(saved)")
            #expect(try find("KUCHEN sahne") == ["Cake"])
            #expect(try find("KÄSEKUCHEN") == ["Cake"])  // a whole word: the word index folds it
            #expect(try find("C++") == ["Code"])
            #expect(try find("c#") == ["Code"])
            #expect(try find("c+") == ["Code"])
            #expect(try find("C--") == [])
            #expect(try find("🎉") == ["Cake"])
            #expect(try find("✓") == ["Cafe"])
            #expect(try find("タワー") == ["Tokyo"])
            #expect(try find("東京") == ["Tokyo"])
            #expect(try find("cafe") == ["Cafe"])  // the word index folds the accent
            #expect(try find("rème") == ["Cafe"])  // a run of characters keeps it
            #expect(try find("\"AND\" OR (") == [])
            // LIKE's own characters stand for themselves.
            #expect(try find("100%") == ["Power"])
            #expect(try find("e_c") == ["Power"])
            #expect(try find("\\o/") == ["Power"])
            // Without substrings, words and their starts only, as before.
            #expect(try search("kuchen", prefixes: true, context) == [])
            // Every c word.
            #expect(try search("C++", prefixes: true, context) == ["Cafe", "Cake", "Code", "Count", "Power"])
        }
    }

    @Test(arguments: allStoreTypes)
    func findsWordsIgnoringCaseAndDiacritics(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        let context = stack.context
        #expect(try search("cafe", context) == ["Berlin", "Paris"])
        #expect(try search("CAFÉ wall", context) == ["Berlin"])
        #expect(try search("crepes", context) == ["Paris"])
        #expect(try search("photo", context) == [])
        #expect(try search("photo", prefixes: true, context) == ["Berlin"])
        #expect(try search("berlin", context) == ["Berlin"])
        #expect(try search("berlin", in: ["text"], context) == [])
        #expect(try search("   ", context) == [])
        var request = FetchRequest(entityName: "Entry")
        request.fullTextSearch = FullTextSearch("cafe")
        #expect(try context.count(for: request) == 2)
        #expect(try context.fetchObjectIDs(request).count == 2)
    }

    @Test(arguments: allStoreTypes)
    func foldsSharpSAndStrokedLettersAsTheIndexDoes(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        try insertEntry(stack.context, title: "Street", text: "Die Straße")
        try insertEntry(stack.context, title: "Capital", text: "DIE STRAẞE")
        try insertEntry(stack.context, title: "Greeting", text: "Grüße aus Łódź, vom Øresund und aus Đakovo")
        // Unsaved objects are checked in memory, saved ones by the store: the same answers.
        for saved in [false, true] {
            if saved {
                try stack.context.save()
                try stack.reopen()
            }
            let context = stack.context
            for query in ["Straße", "straße", "strasse", "STRASSE", "STRAẞE"] {
                #expect(try search(query, context) == ["Capital", "Street"], "\(query), saved: \(saved)")
            }
            #expect(try search("stras", prefixes: true, context) == ["Capital", "Street"], "saved: \(saved)")
            for query in ["grüße", "grusse", "GRÜSSE", "lodz", "ŁÓDŹ", "oresund", "øresund", "dakovo"] {
                #expect(try search(query, context) == ["Greeting"], "\(query), saved: \(saved)")
            }
            #expect(try search("ores", prefixes: true, context) == ["Greeting"], "saved: \(saved)")
            #expect(try search("strase", context) == [], "saved: \(saved)")
        }
    }

    @Test(arguments: allStoreTypes)
    func userTextNeverBreaksTheQuerySyntax(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        #expect(try search("\"AND\"", stack.context) == ["Rome"])
        #expect(try search("(or) NEAR*", stack.context) == ["Rome"])
        #expect(try search("\" OR \" wall", stack.context) == [])
        #expect(try search("paris: -", stack.context) == ["Paris"])
    }

    @Test(arguments: allStoreTypes)
    func refusesAttributesThatAreNotSearchable(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        #expect(throws: FetchRequestError.notSearchable(entity: "Entry", attribute: "mood")) {
            try search("x", in: ["mood"], stack.context)
        }
        var request = FetchRequest(entityName: "Tag")
        request.fullTextSearch = FullTextSearch("x")
        #expect(throws: FetchRequestError.nothingSearchable(entity: "Tag")) { try stack.context.fetch(request) }
    }

    @Test(arguments: allStoreTypes)
    func staysInStepWithSavesAndSeesUnsavedChanges(type: PersistentStoreType) throws {
        let stack = try seeded(type)
        let context = stack.context
        let all = try fetchAll("Entry", in: context, sortedBy: "title")
        all[0].setValue("Nothing left", forKey: "text")  // Berlin
        context.delete(all[1])  // Paris
        try insertEntry(context, title: "Oslo", text: "a café by the fjord")
        #expect(try search("cafe", context) == ["Oslo"])
        try context.save()
        try stack.reopen()
        #expect(try search("cafe", stack.context) == ["Oslo"])
        #expect(try search("left", stack.context) == ["Berlin"])
        #expect(try search("wall", stack.context) == [])
        #expect(try search("crepes", stack.context) == [])
        // Changing another attribute leaves the words as they were.
        let oslo = try #require(
            try stack.context.fetch(FetchRequest(entityName: "Entry", predicate: .equals("title", .string("Oslo"))))
                .first)
        oslo.setValue(7 as Int64, forKey: "rating")
        try stack.context.save()
        #expect(try search("fjord cafe", stack.context) == ["Oslo"])
    }

    @Test func indexIsBuiltForAStoreThatLacksIt() throws {
        let stack = try seeded(.sqlite)
        let url = try #require(stack.storeURL)
        try stack.reopen()
        // A store written before the index existed: no FTS table, no triggers.
        for name in ["Z_FTS_Entry_insert", "Z_FTS_Entry_delete", "Z_FTS_Entry_update"] {
            try execute("DROP TRIGGER \"\(name)\"", at: url)
        }
        try execute("DROP TABLE \"Z_FTS_Entry\"", at: url)
        #expect(try sqliteRows("SELECT count(*) FROM sqlite_master WHERE name LIKE 'Z_FTS%'", at: url) == [["0"]])
        try stack.reopen()
        #expect(try search("cafe", stack.context) == ["Berlin", "Paris"])
        #expect(try sqliteRows("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'", at: url) == [["3"]])
    }

    /// Runs `sql` on the database at `url` with a connection of its own.
    private func execute(_ sql: String, at url: URL) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
            throw SQLiteError(extendedResultCode: 14, message: "cannot open", sql: sql)
        }
        defer { sqlite3_close_v2(handle) }
        // Dropping (or writing) a full-text index needs its tokenizer.
        try SQLiteFullTextTokenizer.register(on: handle)
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(extendedResultCode: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }
}
