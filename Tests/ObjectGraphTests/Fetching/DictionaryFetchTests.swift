import Foundation
import Testing

@testable import ObjectGraph

/// Dictionary fetches with expressions, group-by and having, on every store type.
@Suite struct DictionaryFetchTests {
    /// Orders a (prices 5 and 7), b (20), c (none), as in ``AggregatePredicateTests``.
    private func stack(_ type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: orderModel, type: type)
        for (name, prices) in [("a", [5.0, 7.0]), ("b", [20.0]), ("c", [])] {
            let order = try stack.context.insertObject(entityName: "Order")
            order.setValue(name, forKey: "name")
            for price in prices {
                let item = try stack.context.insertObject(entityName: "LineItem")
                item.setValue(price, forKey: "price")
                item.setValue(Int64(1), forKey: "quantity")
                item.setValue(order, forKey: "order")
            }
        }
        try stack.context.save()
        try stack.reopen()
        return stack
    }

    /// Distinct results, an offset and a limit, applied after having, in that order (as SQL's
    /// `DISTINCT`, `OFFSET` and `LIMIT` are), as Core Data's dictionary fetches take them.
    @Test(arguments: allStoreTypes)
    func distinctResultsOffsetAndLimit(type: PersistentStoreType) throws {
        let stack = try stack(type)
        var request = DictionaryFetchRequest(entityName: "LineItem")
        request.sortOrderings = [SortOrdering("order.name"), SortOrdering("price")]
        request.propertiesToFetch = [.key("order.name")]
        #expect(try stack.context.fetchDictionaries(request).count == 3)
        request.returnsDistinctResults = true
        #expect(
            try stack.context.fetchDictionaries(request) == [["order.name": .string("a")], ["order.name": .string("b")]]
        )
        request.fetchOffset = 1
        #expect(try stack.context.fetchDictionaries(request) == [["order.name": .string("b")]])
        request.returnsDistinctResults = false
        request.fetchLimit = 1
        #expect(try stack.context.fetchDictionaries(request) == [["order.name": .string("a")]])  // a's second line
        request.fetchOffset = 0
        request.fetchLimit = 0  // no limit
        #expect(try stack.context.fetchDictionaries(request).count == 3)
        request.fetchOffset = 10
        #expect(try stack.context.fetchDictionaries(request).isEmpty)
    }

    @Test(arguments: allStoreTypes)
    func groupsWithExpressionsAndHaving(type: PersistentStoreType) throws {
        let stack = try stack(type)
        var request = DictionaryFetchRequest(entityName: "LineItem")
        request.sortOrderings = [SortOrdering("order.name")]
        request.propertiesToFetch = [
            .key("order.name"), .expression(ExpressionDescription("total", .sum, of: "price")),
            .expression(ExpressionDescription("lines", .count, of: "SELF"))
        ]
        request.propertiesToGroupBy = ["order.name"]
        #expect(
            try stack.context.fetchDictionaries(request) == [
                ["order.name": .string("a"), "total": .double(12), "lines": .integer(2)],
                ["order.name": .string("b"), "total": .double(20), "lines": .integer(1)]
            ])
        request.havingPredicate = try FetchPredicate(format: "total > 15")
        #expect(
            try stack.context.fetchDictionaries(request) == [
                ["order.name": .string("b"), "total": .double(20), "lines": .integer(1)]
            ])
    }

    @Test(arguments: allStoreTypes)
    func expressionsWithoutGroupsCoverEveryMatchedObject(type: PersistentStoreType) throws {
        let stack = try stack(type)
        var request = DictionaryFetchRequest(
            entityName: "LineItem", predicate: try FetchPredicate(format: "price < 10"))
        request.propertiesToFetch = [
            .expression(ExpressionDescription("sum", .sum, of: "price")),
            .expression(ExpressionDescription("mean", .average, of: "price")),
            .expression(ExpressionDescription("least", .minimum, of: "price")),
            .expression(ExpressionDescription("most", .maximum, of: "price"))
        ]
        #expect(
            try stack.context.fetchDictionaries(request) == [
                ["sum": .double(12), "mean": .double(6), "least": .double(5), "most": .double(7)]
            ])
        var plain = DictionaryFetchRequest(entityName: "Order")
        plain.sortOrderings = [SortOrdering("name")]
        plain.propertiesToFetch = [.key("name")]
        #expect(
            try stack.context.fetchDictionaries(plain) == [
                ["name": .string("a")], ["name": .string("b")], ["name": .string("c")]
            ])
    }

    @Test func aFetchedKeyNeitherGroupedNorAnExpressionIsRefused() throws {
        let stack = try stack(.inMemory)
        var request = DictionaryFetchRequest(entityName: "LineItem")
        request.propertiesToFetch = [.key("price"), .expression(ExpressionDescription("total", .sum, of: "price"))]
        #expect(throws: FetchRequestError.unknownProperty(entity: "LineItem", key: "price")) {
            try stack.context.fetchDictionaries(request)
        }
        request.propertiesToFetch = [.key("colour")]
        #expect(throws: FetchRequestError.unknownProperty(entity: "LineItem", key: "colour")) {
            try stack.context.fetchDictionaries(request)
        }
    }
}
