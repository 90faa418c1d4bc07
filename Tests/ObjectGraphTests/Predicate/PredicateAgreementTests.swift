import Foundation
import Testing

@testable import ObjectGraph

/// Generated predicates over the test data set: SQL and memory must select the same objects.
@Suite struct PredicateAgreementTests {
    /// SplitMix64: a small deterministic generator, so a failure names a reproducible seed.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    }

    private static let keyPaths = [
        "text", "rating", "score", "isFavorite", "creationTime", "identifier", "thumbnail", "SELF", "previous",
        "previous.text", "previous.rating", "previous.previous.creationTime", "media.@count", "tags.@count",
        "previous.media.@count", "tags.name", "media.caption", "media.byteCount", "photos.caption", "tags",
        "previous.tags.name", "media.diaryEntry.text", "tags.entries.rating", "previous.previous.tags.position"
    ]

    private static let constants: [PredicateValue] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(3), .integer(5), .integer(150), .double(4.5),
        .double(-1),
        .string("Café au lait"), .string("café"), .string("SUN"), .string("sunset again"), .string(""), .string("é"),
        .string("travel"), .string("Ärger"), .string("3"), .date(PredicateTestData.day(2)),
        .date(PredicateTestData.day(20)),
        .uuid(PredicateTestData.uuid(3)), .string("E4000000-0000-4000-8000-000000000004"), .data(Data([1, 2, 3])),
        .data(Data()),
        .object(.permanent(entityName: "Entry", storeIdentifier: PredicateTestObject.store, primaryKey: 1)),
        .object(.permanent(entityName: "Tag", storeIdentifier: PredicateTestObject.store, primaryKey: 3))
    ]

    private static let patterns = [
        "*", "?af*", "*e*", "sun*", "*é*", "S*", "", "*again", "[a-z ]*", ".*é.*", "(?:tr|be).*"
    ]

    /// Key paths from a subquery member, by collection.
    private static let memberPaths: [String: [String]] = [
        "media": ["byteCount", "caption", "diaryEntry.text", "diaryEntry.previous.rating", "diaryEntry.tags.name"],
        "tags": ["name", "position", "entries.rating", "entries.@count"],
        "previous.media": ["byteCount", "caption"]
    ]

    private static func subquery(_ random: inout Generator) -> FetchPredicate {
        let collection = random.pick(Array(memberPaths.keys).sorted())
        var inner = comparison(&random, paths: (memberPaths[collection] ?? []).map { "$x." + $0 })
        if random.chance(30) { inner = .and([inner, comparison(&random)]) }
        let count = ObjectGraph.FetchExpression.subquery(
            collection: collection.split(separator: ".").map(String.init),
            variable: "$x", predicate: inner, count: true)
        let op = random.pick([PredicateComparison.Operator.equal, .greater, .lessOrEqual])
        return .comparison(PredicateComparison(count, op, .constant(.integer(Int64(random.next() % 3)))))
    }

    private static func comparison(_ random: inout Generator, paths: [String] = keyPaths) -> FetchPredicate {
        if paths == keyPaths, random.chance(8) { return subquery(&random) }
        let path = random.pick(paths)
        let lhs = ObjectGraph.FetchExpression.keyPath(path == "SELF" ? [] : path.split(separator: ".").map(String.init))
        let op = random.pick([
            PredicateComparison.Operator.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual,
            .between, .in, .beginsWith, .endsWith, .contains, .like, .matches
        ])
        var rhs: ObjectGraph.FetchExpression
        switch op {
        case .between:
            rhs = .constant(.array([random.pick(constants), random.pick(constants)]))
        case .in:
            rhs = .constant(.array((0..<Int(random.next() % 4)).map { _ in random.pick(constants) }))
        case .like, .matches, .beginsWith, .endsWith, .contains:
            rhs = .constant(random.chance(70) ? .string(random.pick(patterns)) : random.pick(constants))
        default:
            rhs =
                random.chance(15)
                ? .keyPath([random.pick(["rating", "score", "text", "creationTime"])])
                : .constant(random.pick(constants))
        }
        if op == .in, random.chance(20) {
            rhs = .keyPath(random.pick([["tags", "name"], ["media", "byteCount"], ["previous", "tags"]]))
        }
        var options: PredicateComparison.Options = []
        if random.chance(30) { options.insert(.caseInsensitive) }
        if random.chance(30) { options.insert(.diacriticInsensitive) }
        if op == .matches, case .constant(let value) = rhs,
            value.textValue.map({ $0.hasPrefix("*") || $0.hasPrefix("?") }) ?? false
        {
            return .comparison(PredicateComparison(lhs, .like, rhs, options: options))
        }
        let quantifier = random.pick([PredicateComparison.Quantifier.direct, .direct, .any, .all, .none])
        return .comparison(PredicateComparison(lhs, op, rhs, quantifier: quantifier, options: options))
    }

    private static func predicate(_ random: inout Generator, depth: Int) -> FetchPredicate {
        guard depth > 0, random.chance(40) else { return comparison(&random) }
        switch random.next() % 3 {
        case 0: return .not(predicate(&random, depth: depth - 1))
        case 1: return .and([predicate(&random, depth: depth - 1), predicate(&random, depth: depth - 1)])
        default: return .or([predicate(&random, depth: depth - 1), predicate(&random, depth: depth - 1)])
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func generatedPredicatesAgree(seed: UInt64) throws {
        let database = try PredicateTestDatabase()
        var random = Generator(state: seed)
        for _ in 0..<250 {
            let predicate = Self.predicate(&random, depth: 2)
            let inMemory = try database.data.evaluate(predicate, entity: "Entry")
            let throughSQL = try database.fetch(predicate, entity: "Entry")
            #expect(inMemory == throughSQL, "\(predicate)  SQL: \(database.statements.last ?? "")")
            #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate, "\(predicate)")
        }
    }
}
