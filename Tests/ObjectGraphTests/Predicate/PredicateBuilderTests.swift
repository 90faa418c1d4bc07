import Foundation
import Testing

@testable import ObjectGraph

@Suite struct PredicateBuilderTests {
    private let start = Date(timeIntervalSince1970: 1_704_067_200)

    @Test func buildsTheSameTreesAsTheParser() throws {
        let tagID = ObjectID.permanent(entityName: "Tag", storeIdentifier: UUID(), primaryKey: 3)
        let pairs: [(FetchPredicate, FetchPredicate)] = [
            (
                PredicateKey("creationTime") >= start
                    && PredicateKey("text").contains("sunset", options: .caseInsensitive),
                try FetchPredicate(format: "creationTime >= %@ AND text CONTAINS[c] 'sunset'", start)
            ),
            (PredicateKey("tags").any("name") == "travel", try FetchPredicate(format: "ANY tags.name == 'travel'")),
            (
                PredicateKey("tags.name").all().equals("x", options: [.caseInsensitive, .diacriticInsensitive]),
                try FetchPredicate(format: "ALL tags.name ==[cd] 'x'")
            ),
            (
                PredicateKey("tags").none("name").beginsWith("a"),
                try FetchPredicate(format: "NONE tags.name BEGINSWITH 'a'")
            ),
            (PredicateKey("media").count > 0, try FetchPredicate(format: "media.@count > 0")),
            (
                PredicateKey("text") == nil || PredicateKey("rating") != nil,
                try FetchPredicate(format: "text == nil OR rating != nil")
            ),
            (!(PredicateKey("rating") < 3), try FetchPredicate(format: "NOT rating < 3")),
            (
                PredicateKey("rating") <= 3 && PredicateKey("rating") > 1 && PredicateKey("score") < 2.5,
                try FetchPredicate(format: "rating <= 3 AND rating > 1 AND score < 2.5")
            ),
            (PredicateKey("rating").isIn([1, 2]), try FetchPredicate(format: "rating IN {1, 2}")),
            (PredicateKey("rating").isIn([1, 2]), try FetchPredicate(format: "rating IN %@", [1, 2])),
            (
                PredicateKey("creationTime").between(start, start),
                try FetchPredicate(format: "creationTime BETWEEN {%@, %@}", start, start)
            ),
            (
                PredicateKey("text").like("a?*", options: .diacriticInsensitive),
                try FetchPredicate(format: "text LIKE[d] 'a?*'")
            ),
            (
                PredicateKey("text").matches("s.*").or(PredicateKey("text").endsWith("z")),
                try FetchPredicate(format: "text MATCHES 's.*' OR text ENDSWITH 'z'")
            ),
            (PredicateKey("score") > PredicateKey("rating"), try FetchPredicate(format: "score > rating")),
            (
                PredicateKey("previous.creationTime") < PredicateKey("creationTime"),
                try FetchPredicate(format: "previous.creationTime < creationTime")
            ),
            (PredicateKey("rating") > PredicateKey.variable("MIN"), try FetchPredicate(format: "rating > $MIN")),
            (PredicateKey("tags").any() == tagID, try FetchPredicate(format: "ANY tags == %@", tagID)),
            (PredicateKey("SELF") == tagID, try FetchPredicate(format: "SELF == %@", tagID)),
            (
                PredicateKey.subquery("media", "$m", PredicateKey("$m.byteCount") > 100).count > 0,
                try FetchPredicate(format: "SUBQUERY(media, $m, $m.byteCount > 100).@count > 0")
            )
        ]
        for (built, parsed) in pairs {
            #expect(built == parsed, "\(built) vs \(parsed)")
        }
    }

    @Test func builtPredicatesSelectLikeTheirFormat() throws {
        let database = try PredicateTestDatabase()
        let built =
            PredicateKey("tags").any("name").equals("beach", options: .caseInsensitive)
            && !(PredicateKey("rating") == 5)
        #expect(try database.fetch(built, entity: "Entry") == [])
        let favourites = PredicateKey("isFavorite") == true && PredicateKey("media").count == 0
        #expect(try database.fetch(favourites, entity: "Entry") == ["e4", "e7"])
        #expect(try database.data.evaluate(favourites, entity: "Entry") == ["e4", "e7"])
    }
}

extension FetchPredicate {
    /// Test shorthand for `self || other`.
    fileprivate func or(_ other: FetchPredicate) -> FetchPredicate { self || other }
}
