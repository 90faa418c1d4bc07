import Foundation
import Testing

@testable import ObjectGraph

/// One row of the predicate table: a format with its arguments, the entity fetched, and
/// the labels of the objects it must select.
struct PredicateCase: Sendable, CustomTestStringConvertible {
    var entity: String
    var format: String
    var arguments: [any PredicateArgumentConvertible & Sendable]
    var variables: [String: PredicateValue]
    var expected: Set<String>

    init(
        _ format: String, _ arguments: [any PredicateArgumentConvertible & Sendable] = [], on entity: String = "Entry",
        variables: [String: PredicateValue] = [:], selects expected: Set<String>
    ) {
        self.entity = entity
        self.format = format
        self.arguments = arguments
        self.variables = variables
        self.expected = expected
    }

    var testDescription: String { "[\(entity)] \(format)" }

    func predicate() throws -> FetchPredicate {
        try FetchPredicate(format: format, argumentArray: arguments)
    }
}

private let day = PredicateTestData.day
private func id(_ entity: String, _ key: Int64) -> ObjectID {
    .permanent(entityName: entity, storeIdentifier: PredicateTestObject.store, primaryKey: key)
}
private let allEntries: Set<String> = ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"]
private func entries(except excluded: Set<String>) -> Set<String> { allEntries.subtracting(excluded) }

/// The table: each format must select `expected` both in SQL and in memory.
let predicateTable: [PredicateCase] = [
    // nil and equality
    PredicateCase("text == nil", selects: ["e4"]),
    PredicateCase("text != nil", selects: entries(except: ["e4"])),
    PredicateCase("text == NULL", selects: ["e4"]),
    PredicateCase("text == \"Café au lait\"", selects: ["e2"]),
    PredicateCase("text != 'Café au lait'", selects: entries(except: ["e2"])),
    PredicateCase("text = %@", ["sunset again"], selects: ["e7"]),
    PredicateCase("text <> 'sunset again'", selects: entries(except: ["e7"])),
    PredicateCase("text ==[c] \"SUNSET AGAIN\"", selects: ["e7"]),
    PredicateCase("text ==[c] 'café au lait'", selects: ["e2"]),
    PredicateCase("text ==[cd] 'CAFE AU LAIT'", selects: ["e2"]),
    PredicateCase("text ==[d] 'Cafe au lait'", selects: ["e2"]),
    PredicateCase("text ==[d] 'cafe au lait'", selects: []),
    PredicateCase("text == ''", selects: ["e8"]),
    // numbers and booleans
    PredicateCase("rating == nil", selects: ["e3"]),
    PredicateCase("rating == 5", selects: ["e1", "e7"]),
    PredicateCase("rating != 5", selects: entries(except: ["e1", "e7"])),
    PredicateCase("rating > 3", selects: ["e1", "e5", "e7"]),
    PredicateCase("rating >= 3", selects: ["e1", "e2", "e5", "e7"]),
    PredicateCase("rating < 2", selects: ["e4", "e8"]),
    PredicateCase("rating =< 2", selects: ["e4", "e6", "e8"]),
    PredicateCase("NOT rating > 3", selects: ["e2", "e3", "e4", "e6", "e8"]),
    PredicateCase("rating == 3.0", selects: ["e2"]),
    PredicateCase("score == 4", selects: ["e5"]),
    PredicateCase("score > rating", selects: ["e4"]),
    PredicateCase("score == rating", selects: ["e2", "e3", "e5", "e6", "e7"]),
    PredicateCase("score < -0.5", selects: ["e8"]),
    PredicateCase("isFavorite == YES", selects: ["e1", "e4", "e7"]),
    PredicateCase("isFavorite == false", selects: ["e2", "e3", "e5", "e6", "e8"]),
    PredicateCase("isFavorite == 1", selects: ["e1", "e4", "e7"]),
    PredicateCase("isFavorite = %@", [true], selects: ["e1", "e4", "e7"]),
    PredicateCase("!(isFavorite == TRUE)", selects: ["e2", "e3", "e5", "e6", "e8"]),
    // dates
    PredicateCase("creationTime > %@", [day(5)], selects: ["e5", "e6", "e7", "e8"]),
    PredicateCase("creationTime >= %@ AND creationTime < %@", [day(1), day(3)], selects: ["e2", "e3"]),
    PredicateCase("creationTime BETWEEN %@", [[day(2), day(10)]], selects: ["e3", "e4", "e5"]),
    PredicateCase("creationTime between {%@, %@}", [day(0), day(1)], selects: ["e1", "e2"]),
    PredicateCase("creationTime == %@", [day(20)], selects: ["e6"]),
    PredicateCase("creationTime < CAST(725878800.0, \"NSDate\")", selects: ["e1"]),
    // string operators
    PredicateCase("text BEGINSWITH 'Sun'", selects: ["e1"]),
    PredicateCase("text beginswith[c] 'sun'", selects: ["e1", "e5", "e7"]),
    PredicateCase("text ENDSWITH 'again'", selects: ["e7"]),
    PredicateCase("text ENDSWITH[cd] 'ZURICH'", selects: ["e5"]),
    PredicateCase("text CONTAINS 'beach'", selects: ["e1"]),
    PredicateCase("text CONTAINS[c] 'SUN'", selects: ["e1", "e5", "e7"]),
    PredicateCase("text CONTAINS 'é'", selects: ["e2", "e3", "e6"]),
    PredicateCase("text CONTAINS[d] 'e'", selects: ["e1", "e2", "e3", "e5", "e6", "e7"]),
    PredicateCase("text CONTAINS ''", selects: entries(except: ["e4"])),
    PredicateCase("text LIKE 'Sun*'", selects: ["e1"]),
    PredicateCase("text LIKE[c] 'sun*'", selects: ["e1", "e5", "e7"]),
    PredicateCase("text LIKE '?afé*'", selects: ["e2", "e3"]),
    PredicateCase("text LIKE[cd] '*RESUME'", selects: ["e6"]),
    PredicateCase("text LIKE '*'", selects: entries(except: ["e4"])),
    PredicateCase("text MATCHES '[Ss]un.*'", selects: ["e1", "e7"]),
    PredicateCase("text MATCHES[c] 'sun(set|rise).*'", selects: ["e1", "e5", "e7"]),
    PredicateCase("text MATCHES 'caf. .*'", selects: ["e3"]),
    PredicateCase("text MATCHES 'sunset'", selects: []),
    PredicateCase("text < 'S'", selects: ["e2", "e6", "e8"]),
    PredicateCase("text >= 'c'", selects: ["e3", "e7"]),
    PredicateCase("text <[c] 'd'", selects: ["e2", "e3", "e8"]),
    // IN
    PredicateCase("rating IN {1, 3, 5}", selects: ["e1", "e2", "e4", "e7"]),
    PredicateCase("rating IN %@", [[2, 4] as [Int]], selects: ["e5", "e6"]),
    PredicateCase("text IN %@", [["Café au lait", "sunset again"] as [String]], selects: ["e2", "e7"]),
    PredicateCase("text IN[c] {'CAFÉ AU LAIT', 'SUNSET AGAIN'}", selects: ["e2", "e7"]),
    PredicateCase("rating IN {}", selects: []),
    PredicateCase("NOT rating IN {1, 3, 5}", selects: ["e3", "e5", "e6", "e8"]),
    PredicateCase("rating IN {nil, 5}", selects: ["e1", "e3", "e7"]),
    PredicateCase("SELF IN %@", [[id("Entry", 1), id("Entry", 8)]], selects: ["e1", "e8"]),
    PredicateCase("SELF == %@", [id("Entry", 3)], selects: ["e3"]),
    // to-one key paths
    PredicateCase("previous == nil", selects: ["e1", "e4", "e5"]),
    PredicateCase("previous != nil", selects: ["e2", "e3", "e6", "e7", "e8"]),
    PredicateCase("previous == %@", [id("Entry", 1)], selects: ["e2", "e7"]),
    PredicateCase("previous.text BEGINSWITH[c] 'sun'", selects: ["e2", "e6", "e7", "e8"]),
    PredicateCase("previous.previous.text == 'Sunset at the beach'", selects: ["e3", "e8"]),
    PredicateCase("previous.rating == nil", selects: ["e1", "e4", "e5"]),
    PredicateCase("previous.rating != 5", selects: ["e1", "e3", "e4", "e5", "e6"]),
    PredicateCase("previous.creationTime < creationTime", selects: ["e2", "e3", "e6", "e7", "e8"]),
    // to-many: ANY, ALL, NONE
    PredicateCase("ANY tags.name == 'travel'", selects: ["e1", "e4", "e5"]),
    PredicateCase("ANY tags.name ==[c] %@", ["BEACH"], selects: ["e1", "e7"]),
    PredicateCase("SOME tags.name ==[cd] 'arger'", selects: ["e5", "e6"]),
    PredicateCase("tags.name == 'food'", selects: ["e2", "e6"]),
    PredicateCase("ALL tags.name == 'travel'", selects: ["e3", "e4", "e8"]),
    PredicateCase("NONE tags.name == 'travel'", selects: ["e2", "e3", "e6", "e7", "e8"]),
    PredicateCase("NOT ANY tags.name == 'travel'", selects: ["e2", "e3", "e6", "e7", "e8"]),
    PredicateCase("ANY tags == %@", [id("Tag", 3)], selects: ["e2", "e6"]),
    PredicateCase("ANY media.byteCount > 1000", selects: ["e1"]),
    PredicateCase("ALL media.byteCount >= 100", selects: ["e2", "e4", "e5", "e6", "e7", "e8"]),
    PredicateCase("ANY media.caption == nil", selects: ["e1", "e3"]),
    PredicateCase("ANY photos.caption CONTAINS[cd] 'eclair'", selects: ["e6"]),
    PredicateCase("ANY media.caption CONTAINS[c] 'zürich'", selects: ["e5"]),
    PredicateCase("ANY tags.position BETWEEN {3, 4}", selects: ["e2", "e5", "e6"]),
    PredicateCase("NONE media.caption != nil", selects: ["e3", "e4", "e7", "e8"]),
    PredicateCase("'food' IN tags.name", selects: ["e2", "e6"]),
    // @count
    PredicateCase("media.@count > 0", selects: ["e1", "e2", "e3", "e5", "e6"]),
    PredicateCase("media.@count == 0", selects: ["e4", "e7", "e8"]),
    PredicateCase("photos.@count == 2", selects: ["e1"]),
    PredicateCase("photos.@count > 0", selects: ["e1", "e2", "e6"]),
    PredicateCase("tags.@count >= 2", selects: ["e1", "e5", "e6"]),
    PredicateCase("tags.@count == media.@count", selects: ["e2", "e8"]),
    PredicateCase("previous.media.@count >= 3", selects: ["e2", "e7"]),
    // SUBQUERY
    PredicateCase("SUBQUERY(media, $m, $m.byteCount > 100).@count > 0", selects: ["e1", "e2", "e5", "e6"]),
    PredicateCase("SUBQUERY(media, $m, $m.byteCount > 100 AND $m.caption != nil).@count >= 2", selects: ["e1"]),
    PredicateCase(
        "SUBQUERY(tags, $t, $t.name BEGINSWITH[c] 'b' OR $t.name == 'food').@count == 1",
        selects: ["e1", "e2", "e6", "e7"]),
    PredicateCase("SUBQUERY(media, $m, $m.diaryEntry.rating == rating).@count == media.@count", selects: allEntries),
    PredicateCase("subquery(tags, $t, ANY $t.entries.rating == 4).@count > 0", selects: ["e1", "e4", "e5", "e6"]),
    // AND, OR, NOT
    PredicateCase("rating > 3 AND isFavorite == NO", selects: ["e5"]),
    PredicateCase("rating > 3 OR text == nil", selects: ["e1", "e4", "e5", "e7"]),
    PredicateCase("(rating > 3 || text == nil) && !(isFavorite == YES)", selects: ["e5"]),
    PredicateCase("NOT (text CONTAINS[c] 'sun' OR rating == nil)", selects: ["e2", "e4", "e6", "e8"]),
    PredicateCase("TRUEPREDICATE", selects: allEntries),
    PredicateCase("FALSEPREDICATE", selects: []),
    PredicateCase("NOT text BEGINSWITH 'S'", selects: ["e2", "e3", "e4", "e6", "e7", "e8"]),
    PredicateCase("text != nil and not text like[c] '*sun*'", selects: ["e2", "e3", "e6", "e8"]),
    // arguments of every kind
    PredicateCase("%K == %@", ["rating", 4], selects: ["e5"]),
    PredicateCase("previous.%K == %d", ["rating", 5], selects: ["e2", "e7", "e8"]),
    PredicateCase("score > %f", [3.5], selects: ["e1", "e5", "e7"]),
    PredicateCase("rating == %i", [Int16(2)], selects: ["e6"]),
    PredicateCase("identifier == %@", [PredicateTestData.uuid(4)], selects: ["e4"]),
    PredicateCase("identifier BEGINSWITH 'E3'", selects: ["e3"]),
    PredicateCase("identifier ==[c] 'e2000000-0000-4000-8000-000000000002'", selects: ["e2"]),
    PredicateCase("thumbnail == %@", [Data([1, 2, 3])], selects: ["e1"]),
    PredicateCase("thumbnail == nil", selects: ["e2", "e3", "e5", "e7", "e8"]),
    PredicateCase(
        "rating > $MIN AND text != $TEXT", variables: ["MIN": .integer(3), "TEXT": .string("sunset again")],
        selects: ["e1", "e5"]),
    // other entities: sub-entities, to-one from the many side, many-to-many back
    PredicateCase("diaryEntry == nil", on: "Medium", selects: ["m8"]),
    PredicateCase("diaryEntry.isFavorite == YES", on: "Medium", selects: ["m1", "m2", "m3"]),
    PredicateCase("diaryEntry.text CONTAINS[cd] 'cafe'", on: "Medium", selects: ["m4", "m5"]),
    PredicateCase("ANY diaryEntry.tags.name == 'food'", on: "Medium", selects: ["m4", "m7"]),
    PredicateCase("byteCount BETWEEN {100, 1000}", on: "Medium", selects: ["m1", "m4", "m6", "m7"]),
    PredicateCase("byteCount < 100", on: "Photo", selects: ["m2", "m8"]),
    PredicateCase("diaryEntry.previous.text == 'Sunset at the beach'", on: "Medium", selects: ["m4"]),
    PredicateCase("caption ==[cd] 'eclair'", on: "Medium", selects: ["m7"]),
    PredicateCase("entries.@count == 0", on: "Tag", selects: ["t5"]),
    PredicateCase("ANY entries.rating == 5", on: "Tag", selects: ["t1", "t2"]),
    PredicateCase("ALL entries.isFavorite == YES", on: "Tag", selects: ["t2", "t5"]),
    PredicateCase("name MATCHES[cd] 'ar.*'", on: "Tag", selects: ["t4"]),
    PredicateCase("ANY entries.media.caption BEGINSWITH 'Z'", on: "Tag", selects: ["t1", "t4"]),
    PredicateCase("position > 3", on: "Tag", selects: ["t4", "t5"]),
    PredicateCase("name < 'a'", on: "Tag", selects: ["t2"]),
    PredicateCase("name <[c] 'b'", on: "Tag", selects: ["t4"]),
    PredicateCase("name >[cd] 'T'", on: "Tag", selects: ["t1", "t5"])
]

@Suite struct PredicateTableTests {
    @Test func tableIsLargeEnough() {
        #expect(predicateTable.count >= 80)
    }

    @Test(arguments: predicateTable)
    func selectsTheSameInSQLAndInMemory(_ row: PredicateCase) throws {
        let database = try PredicateTestDatabase()
        let predicate = try row.predicate()
        let inMemory = try database.data.evaluate(predicate, entity: row.entity, variables: row.variables)
        let throughSQL = try database.fetch(predicate.substituting(row.variables), entity: row.entity)
        #expect(inMemory == row.expected, "in memory")
        #expect(throughSQL == row.expected, "through SQL: \(database.statements.last ?? "")")
    }

    @Test(arguments: predicateTable)
    func printsBackToTheSameTree(_ row: PredicateCase) throws {
        let predicate = try row.predicate()
        #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate, "\(predicate.predicateFormat)")
    }
}
