import Foundation
import Testing
@testable import ObjectGraph

/// Measurements with an integer of each width and a double.
let measurementModel: ManagedObjectModel = makeModel([
    EntityDescription("Measurement", attributes: [
        AttributeDescription("small", .integer16),
        AttributeDescription("medium", .integer32),
        AttributeDescription("large", .integer64),
        AttributeDescription("ratio", .double),
    ]),
])

/// Any integer attribute reads as any Swift integer type that holds its value, and a double
/// attribute as `Double` or `Float`, whatever width the model declares.
@Suite struct NumericReadingTests {
    @Test(arguments: allStoreTypes)
    func integersReadAsAnyIntegerTypeThatHoldsTheirValue(type: PersistentStoreType) throws {
        let stack = try TestStack(model: measurementModel, type: type)
        let measurement = try stack.context.insertObject(entityName: "Measurement")
        measurement.setValue(Int16(300), forKey: "small")
        measurement.setValue(Int32(-70_000), forKey: "medium")
        measurement.setValue(Int64(5_000_000_000), forKey: "large")
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Measurement", in: stack.context).first)
        for object in [measurement, stored] {
            #expect(object["small", as: Int.self] == 300)
            #expect(object["small", as: Int64.self] == 300)
            #expect(object["small", as: Int32.self] == 300)
            #expect(object["small", as: Int16.self] == 300)
            #expect(object["small", as: UInt16.self] == 300)
            #expect(object["small", as: Int8.self] == nil)      // 300 does not fit
            #expect(object["medium", as: Int.self] == -70_000)
            #expect(object["medium", as: Int64.self] == -70_000)
            #expect(object["medium", as: UInt32.self] == nil)   // negative
            #expect(object["large", as: Int.self] == 5_000_000_000)
            #expect(object["large", as: Int32.self] == nil)     // too large
            #expect(object.value(forKey: "medium") as? Int32 == -70_000)   // untyped: the declared width
        }
    }

    @Test(arguments: allStoreTypes)
    func doublesReadAsDoubleOrFloat(type: PersistentStoreType) throws {
        let stack = try TestStack(model: measurementModel, type: type)
        let measurement = try stack.context.insertObject(entityName: "Measurement")
        measurement.setValue(0.25, forKey: "ratio")
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Measurement", in: stack.context).first)
        #expect(stored["ratio", as: Double.self] == 0.25)
        #expect(stored["ratio", as: Float.self] == 0.25)
    }
}
