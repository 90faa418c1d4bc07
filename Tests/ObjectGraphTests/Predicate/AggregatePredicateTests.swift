import Foundation
import Testing

@testable import ObjectGraph

/// Orders with line items, for `items.@sum.price` and the other collection operators.
let orderModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Order", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription(
                "items", destination: "LineItem", inverse: "order", isToMany: true, deleteRule: .cascade)
        ]),
    EntityDescription(
        "LineItem",
        attributes: [
            AttributeDescription("price", .double), AttributeDescription("quantity", .integer64)
        ], relationships: [RelationshipDescription("order", destination: "Order", inverse: "items")])
])

/// `@sum`, `@avg`, `@min` and `@max` in predicates, the same through SQL and in memory.
@Suite struct AggregatePredicateTests {
    /// Orders a (prices 5 and 7, quantities 1 and 3), b (price 20, quantity 2), c (no items).
    private func stack(_ type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: orderModel, type: type)
        for (name, lines) in [("a", [(5.0, Int64(1)), (7.0, 3)]), ("b", [(20.0, 2)]), ("c", [])] {
            let order = try stack.context.insertObject(entityName: "Order")
            order.setValue(name, forKey: "name")
            for (price, quantity) in lines {
                let item = try stack.context.insertObject(entityName: "LineItem")
                item.setValue(price, forKey: "price")
                item.setValue(quantity, forKey: "quantity")
                item.setValue(order, forKey: "order")
            }
        }
        try stack.context.save()
        try stack.reopen()
        return stack
    }

    @Test(arguments: allStoreTypes)
    func collectionOperatorsSelectTheSameOrdersOnEveryStore(type: PersistentStoreType) throws {
        let stack = try stack(type)
        let cases: [(String, Set<String>)] = [
            ("items.@sum.price > 10", ["a", "b"]),
            ("items.@sum.price == 0", ["c"]),
            ("items.@sum.quantity == 4", ["a"]),
            ("items.@avg.price < 10", ["a"]),
            ("items.@avg.price == nil", ["c"]),
            ("items.@min.price == 5", ["a"]),
            ("items.@max.quantity >= 2", ["a", "b"]),
            ("items.@max.price < items.@sum.price", ["a"])
        ]
        for (format, expected) in cases {
            let request = FetchRequest(entityName: "Order", predicate: try FetchPredicate(format: format))
            let names = Set(try stack.context.fetch(request).compactMap { $0["name", as: String.self] })
            #expect(names == expected, "\(format)")
            // The same predicate evaluated on the loaded objects.
            let all = try fetchAll("Order", in: stack.context)
            let evaluated = Set(
                try all.filter { try request.predicate?.evaluate(with: $0) ?? true }.compactMap {
                    $0["name", as: String.self]
                })
            #expect(evaluated == expected, "in memory: \(format)")
        }
    }

    @Test func theTestDatabaseAgreesBetweenSQLAndMemory() throws {
        let database = try PredicateTestDatabase()
        for format in [
            "media.@sum.byteCount > 100", "media.@avg.byteCount >= 50", "media.@min.caption == 'x'",
            "media.@max.byteCount < 1000", "tags.@max.position > 1", "previous.media.@sum.byteCount == 0",
            "tags.@min.name BEGINSWITH 't'", "media.@avg.byteCount == nil"
        ] {
            let predicate = try FetchPredicate(format: format)
            #expect(
                try database.data.evaluate(predicate, entity: "Entry") == database.fetch(predicate, entity: "Entry"),
                "\(format)")
        }
    }

    @Test func anOperatorWithoutAToManyBeforeItIsRefusedOnBothPaths() throws {
        let database = try PredicateTestDatabase()
        let predicate = try FetchPredicate(format: "previous.@sum.rating > 1")
        #expect(throws: (any Error).self) { try database.data.evaluate(predicate, entity: "Entry") }
        #expect(throws: (any Error).self) { try database.fetch(predicate, entity: "Entry") }
    }
}
