import Foundation
import Testing

@testable import ObjectGraph

/// Measurements with an integer of each width and a double.
let measurementModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Measurement",
        attributes: [
            AttributeDescription("small", .integer16),
            AttributeDescription("medium", .integer32),
            AttributeDescription("large", .integer64),
            AttributeDescription("ratio", .double)
        ])
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
            #expect(object["small", as: Int8.self] == nil)  // 300 does not fit
            #expect(object["medium", as: Int.self] == -70_000)
            #expect(object["medium", as: Int64.self] == -70_000)
            #expect(object["medium", as: UInt32.self] == nil)  // negative
            #expect(object["large", as: Int.self] == 5_000_000_000)
            #expect(object["large", as: Int32.self] == nil)  // too large
            #expect(object.value(forKey: "medium") as? Int32 == -70_000)  // untyped: an NSNumber
        }
    }

    /// `value(forKey:)` gives an integer attribute as an `NSNumber`, as Core Data does, so the
    /// casts its users write (`as? Int`, `as? Int64`, the declared width) all find the value:
    /// before, `as? Int` was nil because the value was boxed as `Int64`.
    @Test(arguments: allStoreTypes)
    func untypedIntegerReadsCastToIntAsWellAsToInt64(type: PersistentStoreType) throws {
        let stack = try TestStack(model: measurementModel, type: type)
        let measurement = try stack.context.insertObject(entityName: "Measurement")
        measurement.setValue(Int16(300), forKey: "small")
        measurement.setValue(Int32(-70_000), forKey: "medium")
        measurement.setValue(Int64(5_000_000_000), forKey: "large")
        #expect(measurement.value(forKey: "large") as? Int == 5_000_000_000)  // unsaved
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Measurement", in: stack.context).first)
        for object in [measurement, stored] {
            #expect(object.value(forKey: "small") as? Int == 300)
            #expect(object.value(forKey: "small") as? Int16 == 300)
            #expect(object.value(forKey: "small") as? Int64 == 300)
            #expect(object.value(forKey: "small") as? Int8 == nil)  // 300 does not fit
            #expect(object.value(forKey: "medium") as? Int == -70_000)
            #expect(object.value(forKey: "medium") as? Int64 == -70_000)
            #expect(object.value(forKey: "medium") as? UInt32 == nil)  // negative
            #expect(object.value(forKey: "large") as? Int == 5_000_000_000)
            #expect(object.value(forKey: "large") as? Int64 == 5_000_000_000)
            #expect(object.value(forKey: "large") as? Int32 == nil)  // too large
            #expect(object.primitiveValue(forKey: "large") as? Int == 5_000_000_000)
            #expect(object.committedValues(forKeys: ["medium"])["medium"] as? Int == -70_000)
            #expect((object.value(forKey: "small") as? NSNumber)?.int64Value == 300)
        }
        stored.setValue(7, forKey: "small")
        #expect(stored.changedValues()["small"] as? Int == 7)
        // A value read untyped sets any integer attribute again.
        stored.setValue(stored.value(forKey: "medium"), forKey: "large")
        #expect(stored["large", as: Int64.self] == -70_000)
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
