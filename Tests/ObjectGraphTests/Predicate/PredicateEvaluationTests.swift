import Foundation
import Testing

@testable import ObjectGraph

@Suite struct PredicateEvaluationTests {
    private let data = PredicateTestData()

    @Test func substitutionReplacesVariablesEverywhere() throws {
        let template = try FetchPredicate(
            format: "rating > $MIN AND SUBQUERY(media, $m, $m.byteCount > $BYTES).@count > 0 AND rating IN {$A, 5}")
        let filled = template.substituting(["MIN": .integer(2), "BYTES": .integer(500), "A": .integer(4)])
        #expect(
            filled
                == (try FetchPredicate(
                    format: "rating > 2 AND SUBQUERY(media, $m, $m.byteCount > 500).@count > 0 AND rating IN {4, 5}")))
        #expect(try data.evaluate(filled, entity: "Entry") == ["e1"])
        let partly = template.substituting(["MIN": .integer(2)])
        #expect(partly.predicateFormat.contains("$BYTES"))
        #expect(
            try data.evaluate(
                template, entity: "Entry", variables: ["MIN": .integer(2), "BYTES": .integer(500), "A": .integer(4)])
                == ["e1"])
    }

    @Test func unresolvedVariablesAndUnknownKeysAreNamed() throws {
        let entry = data.entries[0]
        #expect(throws: PredicateEvaluationError.unresolvedVariable("MIN")) {
            try FetchPredicate(format: "rating > $MIN").evaluate(with: entry)
        }
        #expect(throws: PredicateEvaluationError.unknownKey("colour", keyPath: "previous.colour")) {
            try FetchPredicate(format: "previous.colour == 'red'").evaluate(with: data.entries[1])
        }
        #expect(throws: PredicateEvaluationError.notARelationship("text", keyPath: "text.length")) {
            try FetchPredicate(format: "text.length == 3").evaluate(with: entry)
        }
        #expect(throws: PredicateEvaluationError.invalidRegularExpression("(")) {
            try FetchPredicate(format: "text MATCHES '('").evaluate(with: entry)
        }
        let error = PredicateEvaluationError.unknownKey("colour", keyPath: "previous.colour")
        #expect(error.description == "unknown key 'colour' in key path 'previous.colour'")
    }

    @Test func accentInsensitiveFoldingTakesStrokesAndTheCapitalSharpS() {
        let both: PredicateComparison.Options = [.caseInsensitive, .diacriticInsensitive]
        #expect(PredicateTextMatching.fold("Łódź", both) == "lodz")
        #expect(PredicateTextMatching.fold("Øresund", both) == "oresund")
        #expect(PredicateTextMatching.fold("Đakovo Ħal Tħaħ", both) == "dakovo hal thah")
        #expect(PredicateTextMatching.fold("STRAẞE", both) == "strasse")
        #expect(PredicateTextMatching.fold("Straße", both) == "strasse")
        #expect(PredicateTextMatching.fold("Łódź", .diacriticInsensitive) == "Lodz", "[d] alone keeps the case")
        #expect(
            PredicateTextMatching.fold("Łódź", .caseInsensitive) == PredicateTextMatching.fold("łódź", .caseInsensitive)
        )
        #expect(PredicateTextMatching.contains("Grüße aus Łódź", "LODZ", both))
        for text in ["Łódź", "STRAẞE", "Øresund", "Ǿ"] {
            let once = PredicateTextMatching.fold(text, both)
            #expect(PredicateTextMatching.fold(once, both) == once, "folding \(text) twice changes nothing")
        }
    }

    @Test func textFoldingIsUnicodeAware() {
        #expect(
            PredicateTextMatching.fold("Straße", .caseInsensitive)
                == PredicateTextMatching.fold("STRASSE", .caseInsensitive))
        #expect(PredicateTextMatching.fold("Ärger", [.caseInsensitive, .diacriticInsensitive]) == "arger")
        #expect(
            PredicateTextMatching.fold("e\u{301}", .caseInsensitive)
                == PredicateTextMatching.fold("É", .caseInsensitive))
        #expect(PredicateTextMatching.fold("Crème", []) == "Crème")
        #expect(PredicateTextMatching.compare("Z", "a") < 0)
        #expect(PredicateTextMatching.compare("é", "z") > 0)
        #expect(PredicateTextMatching.like("abcabc", "*abc", []))
        #expect(PredicateTextMatching.like("a*b", "a\\*b", []))
        #expect(!PredicateTextMatching.like("axb", "a\\*b", []))
        #expect(!PredicateTextMatching.like("abc", "a?", []))
        #expect(PredicateTextMatching.like("", "*", []))
        #expect(PredicateTextMatching.like("café", "caf?", []))
        #expect(!PredicateTextMatching.like("café", "caf??", []))
        #expect(PredicateTextMatching.like("ééé", "*é?", []))
        #expect(PredicateTextMatching.like("Zürich €", "*?ri*?", []))
        #expect(PredicateTextMatching.like("a\u{1F600}b", "a?b", []))
        #expect(PredicateTextMatching.like("ÉCLAIR", "?clair", [.caseInsensitive, .diacriticInsensitive]))
        // Combining marks in either order fold to the same canonical order.
        #expect(
            PredicateTextMatching.fold("a\u{301}\u{323}", .caseInsensitive)
                == PredicateTextMatching.fold("A\u{323}\u{301}", .caseInsensitive))
        #expect(
            PredicateTextMatching.fold("\u{1EA0}\u{301}", .caseInsensitive)
                == PredicateTextMatching.fold("a\u{323}\u{301}", .caseInsensitive))
    }

    @Test func comparesAcrossNumberKindsAndNil() throws {
        let subject = PredicateTestObject(
            "x", entity: "Entry", key: 99, ["rating": .integer(1), "score": .null, "isFavorite": .bool(true)])
        #expect(
            try FetchPredicate(format: "rating == 1.0 AND rating == TRUE AND isFavorite == 1").evaluate(with: subject))
        #expect(
            try FetchPredicate(format: "score != 1 AND NOT score < 1 AND NOT score >= 1 AND score == nil").evaluate(
                with: subject))
        #expect(try !FetchPredicate(format: "rating == 'one'").evaluate(with: subject))
    }
}
