import Foundation
import Testing

@testable import ObjectGraph

@Suite struct PredicateParserTests {
    private func parseError(_ format: String, _ arguments: Any?...) -> PredicateParseError? {
        do {
            _ = try FetchPredicate(format: format, argumentArray: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func errorNamesTheColumnOfTheOffendingToken() {
        let error = parseError("creationTime > %@ AN text == nil", Date())
        #expect(error?.description == "unexpected 'AN' at column 18 in \"creationTime > %@ AN text == nil\"")
        #expect(error == .unexpectedToken("AN", column: 18, format: "creationTime > %@ AN text == nil"))
    }

    @Test func errorsOfEveryKindSayWhereAndWhat() {
        #expect(parseError("text == 'abc") == .unterminatedString(column: 8, format: "text == 'abc"))
        #expect(
            parseError("text == 'abc")?.description == "unterminated string starting at column 8 in \"text == 'abc\"")
        #expect(parseError("rating > %@") == .missingArgument(specifier: "%@", column: 9, format: "rating > %@"))
        #expect(parseError("rating ~ 3") == .unknownOperator("~", column: 7, format: "rating ~ 3"))
        #expect(parseError("rating == %x", 1) == .unknownOperator("%x", column: 10, format: "rating == %x"))
        #expect(parseError("rating ==[x] 3") == .unknownOperator("[x]", column: 9, format: "rating ==[x] 3"))
        #expect(parseError("rating FOO 3") == .unexpectedToken("FOO", column: 7, format: "rating FOO 3"))
        #expect(parseError("rating >") == .unexpectedEnd(expected: "a key or a value", column: 8, format: "rating >"))
        #expect(
            parseError("rating > 3 AND")
                == .unexpectedEnd(expected: "a key or a value", column: 14, format: "rating > 3 AND"))
        #expect(parseError("(rating > 3") == .unexpectedEnd(expected: "')'", column: 11, format: "(rating > 3"))
        #expect(parseError("rating > 3)") == .unexpectedToken(")", column: 10, format: "rating > 3)"))
        #expect(parseError("rating BETWEEN 3") == .unexpectedToken("3", column: 15, format: "rating BETWEEN 3"))
        #expect(parseError("rating == AND") == .unexpectedToken("AND", column: 10, format: "rating == AND"))
        #expect(parseError("") == .unexpectedEnd(expected: "a key or a value", column: 0, format: ""))
        #expect(parseError("ANY") == .unexpectedEnd(expected: "a key or a value", column: 3, format: "ANY"))
        #expect(
            parseError("SUBQUERY(media, m, TRUEPREDICATE).@count > 0")
                == .unexpectedToken("m", column: 16, format: "SUBQUERY(media, m, TRUEPREDICATE).@count > 0"))
    }

    @Test func wrongArgumentTypesAreRefused() {
        #expect(
            parseError("%K == 1", 5)
                == .invalidArgument(
                    specifier: "%K", column: 0, found: "Int", expected: "a key path String", format: "%K == 1"))
        #expect(
            parseError("rating == %d", "x")
                == .invalidArgument(
                    specifier: "%d", column: 10, found: "String", expected: "an integer", format: "rating == %d"))
        #expect(
            parseError("score == %f", "x")?.description
                == "argument for '%f' at column 9 is String, expected a floating-point number, in \"score == %f\"")
        #expect(parseError("text == %s", 3) != nil)
        #expect(parseError("text == %@", NSObject()) != nil)
        #expect(parseError("%K == 1", nil) != nil)
    }

    @Test func keywordsAreCaseInsensitiveAndOperatorsHaveTheirSynonyms() throws {
        let canonical = try FetchPredicate(format: "NOT (rating > 1 AND text == nil) OR TRUEPREDICATE")
        #expect(try FetchPredicate(format: "not (rating > 1 and text == NULL) or truepredicate") == canonical)
        #expect(try FetchPredicate(format: "!(rating > 1 && text = nil) || TruePredicate") == canonical)
        #expect(try FetchPredicate(format: "rating <> 1") == FetchPredicate(format: "rating != 1"))
        #expect(try FetchPredicate(format: "rating => 1") == FetchPredicate(format: "rating >= 1"))
        #expect(try FetchPredicate(format: "rating =< 1") == FetchPredicate(format: "rating <= 1"))
        #expect(try FetchPredicate(format: "SOME tags.name == 'a'") == FetchPredicate(format: "any tags.name == 'a'"))
        #expect(try FetchPredicate(format: "isFavorite == YES") == FetchPredicate(format: "isFavorite == true"))
    }

    @Test func buildsTheExpectedTree() throws {
        let tree = try FetchPredicate(format: "ANY tags.name ==[cd] %@ AND media.@count > 0", "Travel")
        #expect(
            tree
                == .and([
                    .comparison(
                        PredicateComparison(
                            .keyPath(["tags", "name"]), .equal, .constant(.string("Travel")),
                            quantifier: .any, options: [.caseInsensitive, .diacriticInsensitive])),
                    .comparison(PredicateComparison(.keyPath(["media", "@count"]), .greater, .constant(.integer(0))))
                ]))
        let subquery = try FetchPredicate(format: "SUBQUERY(media, $m, $m.byteCount > $LIMIT).@count > 0")
        #expect(
            subquery
                == .comparison(
                    PredicateComparison(
                        .subquery(
                            collection: ["media"], variable: "$m",
                            predicate: .comparison(
                                PredicateComparison(.keyPath(["$m", "byteCount"]), .greater, .variable("LIMIT"))),
                            count: true),
                        .greater, .constant(.integer(0)))))
        #expect(
            try FetchPredicate(format: "#in == 1")
                == .comparison(PredicateComparison(.keyPath(["in"]), .equal, .constant(.integer(1)))))
        #expect(
            try FetchPredicate(format: "a == -2.5e1")
                == .comparison(PredicateComparison(.keyPath(["a"]), .equal, .constant(.double(-25)))))
        #expect(
            try FetchPredicate(format: "a IN {}")
                == .comparison(PredicateComparison(.keyPath(["a"]), .in, .constant(.array([])))))
        #expect(
            try FetchPredicate(format: "a IN {b, 1}")
                == .comparison(
                    PredicateComparison(
                        .keyPath(["a"]), .in, .aggregate([.keyPath(["b"]), .constant(.integer(1))]))))
    }

    /// Hexadecimal, octal and binary literals, as NSPredicate reads them; a prefix without a
    /// digit of its base is not one, and a value beyond 64 bits is refused.
    @Test(arguments: [
        ("0x1F", Int64(31)), ("0X1f", 31), ("0o17", 15), ("0O17", 15), ("0b101", 5), ("0B0", 0),
        ("-0x10", -16), ("0x7FFFFFFFFFFFFFFF", Int64.max), ("-0x8000000000000000", Int64.min), ("017", 17)
    ])
    func radixLiteralsAreIntegers(text: String, value: Int64) throws {
        #expect(
            try FetchPredicate(format: "a == \(text)")
                == .comparison(PredicateComparison(.keyPath(["a"]), .equal, .constant(.integer(value)))))
    }

    @Test func radixLiteralsOutOfRangeOrWithoutDigitsAreRefused() {
        #expect(
            parseError("a == 0x10000000000000000")
                == .unexpectedToken("0x10000000000000000", column: 5, format: "a == 0x10000000000000000"))
        #expect(parseError("a == 0x8000000000000000") != nil)
        #expect(parseError("a == 0b2") != nil)
        #expect(parseError("a == 0xG") != nil)
    }

    @Test func convertsSwiftArgumentsOfEveryKind() throws {
        let id = ObjectID.permanent(entityName: "Entry", storeIdentifier: UUID(), primaryKey: 7)
        let uuid = UUID()
        let date = Date(timeIntervalSince1970: 1_000)
        let missing: String? = nil
        let cases: [(Any?, PredicateValue)] = [
            ("x", .string("x")), (Int8(1), .integer(1)), (Int16(2), .integer(2)), (Int32(3), .integer(3)),
            (Int64(4), .integer(4)), (5, .integer(5)), (UInt16(6), .integer(6)), (1.5, .double(1.5)),
            (Float(0.5), .double(0.5)),
            (true, .bool(true)), (date, .date(date)), (uuid, .uuid(uuid)), (Data([1]), .data(Data([1]))),
            (id, .object(id)),
            (nil, .null), (missing, .null), ([1, 2], .array([.integer(1), .integer(2)])),
            ([1, "a"] as [Any], .array([.integer(1), .string("a")])), (Set(["z"]), .array([.string("z")])),
            (PredicateValue.integer(9), .integer(9))
        ]
        for (argument, expected) in cases {
            let predicate = try FetchPredicate(format: "a == %@", argumentArray: [argument])
            #expect(predicate == .comparison(PredicateComparison(.keyPath(["a"]), .equal, .constant(expected))))
        }
        #expect(
            try FetchPredicate(format: "a == %d AND b == %f AND c == %s AND %K == 1", Int32(3), 2, "s", "d.e")
                == FetchPredicate(format: "a == 3 AND b == 2.0 AND c == 's' AND d.e == 1"))
    }

    @Test func printsEveryConstantSoItParsesBack() throws {
        let id = ObjectID.permanent(entityName: "Entry", storeIdentifier: UUID(), primaryKey: 7)
        let temporary = ObjectID.temporary(entityName: "Entry")
        let values: [PredicateValue] = [
            .null, .bool(false), .integer(-3), .double(0.1), .double(1e20), .string("quote \" back \\ new\nline"),
            .date(Date(timeIntervalSince1970: 1_704_099_600.25)), .uuid(UUID()), .data(Data([0, 255, 7])),
            .data(Data()),
            .object(id), .object(temporary)
        ]
        for value in values {
            let predicate = FetchPredicate.comparison(
                PredicateComparison(.keyPath(["order", "value"]), .equal, .constant(value)))
            #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate, "\(predicate)")
        }
        #expect(
            FetchPredicate.comparison(
                PredicateComparison(
                    .keyPath(["in"]), .like, .constant(.string("a*")),
                    options: .caseInsensitive)
            ).description == "#in LIKE[c] \"a*\"")
        let nested = try FetchPredicate(format: "NOT (a == 1 OR b == 2) AND (c == 3 OR NOT d == 4)")
        #expect(nested.predicateFormat == "(NOT (a == 1 OR b == 2)) AND (c == 3 OR (NOT d == 4))")
        #expect(try FetchPredicate(format: nested.predicateFormat) == nested)
    }
}
