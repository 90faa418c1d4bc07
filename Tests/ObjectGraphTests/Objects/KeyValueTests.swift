import Foundation
import Testing

@testable import ObjectGraph

/// Every attribute type, for key-value tests.
let allTypesModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Sample",
        attributes: [
            AttributeDescription("text", .string),
            AttributeDescription("small", .integer16, defaultValue: 7),
            AttributeDescription("medium", .integer32),
            AttributeDescription("large", .integer64),
            AttributeDescription("real", .double),
            AttributeDescription("flag", .boolean, defaultValue: false),
            AttributeDescription("when", .date),
            AttributeDescription("bytes", .binary),
            AttributeDescription("identifier", .uuid),
            AttributeDescription("scratch", .string, isTransient: true)
        ])
])

@Suite struct KeyValueTests {
    @Test(arguments: allStoreTypes)
    func everyTypeRoundTripsThroughTheStore(type: PersistentStoreType) throws {
        let stack = try TestStack(model: allTypesModel, type: type)
        let sample = try stack.context.insertObject(entityName: "Sample")
        #expect(sample["small", as: Int16.self] == 7)
        #expect(sample["flag", as: Bool.self] == false)
        let when = Date(timeIntervalSince1970: 1_764_000_000.25)
        let identifier = UUID()
        sample.setValue("héllo", forKey: "text")
        sample.setValue(Int16(-3), forKey: "small")
        sample.setValue(70_000, forKey: "medium")
        sample.setValue(Int64.max, forKey: "large")
        sample.setValue(2.5, forKey: "real")
        sample.setValue(true, forKey: "flag")
        sample.setValue(when, forKey: "when")
        sample.setValue(Data([0, 1, 2]), forKey: "bytes")
        sample.setValue(identifier, forKey: "identifier")
        sample.setValue("not stored", forKey: "scratch")
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(fetchAll("Sample", in: stack.context).first)
        #expect(stored["text", as: String.self] == "héllo")
        #expect(stored["small", as: Int16.self] == -3)
        #expect(stored["medium", as: Int32.self] == 70_000)
        #expect(stored["large", as: Int64.self] == Int64.max)
        #expect(stored["real", as: Double.self] == 2.5)
        #expect(stored["flag", as: Bool.self] == true)
        #expect(stored["when", as: Date.self] == when)
        #expect(stored["bytes", as: Data.self] == Data([0, 1, 2]))
        #expect(stored["identifier", as: UUID.self] == identifier)
        #expect(stored.value(forKey: "scratch") == nil)
    }

    /// SQLite gives 0 for a NULL number, so a stored zero (0, 0.0, false, the 1970 epoch)
    /// and an unset value must still come back apart.
    @Test(arguments: allStoreTypes)
    func zeroesAndNilsComeBackApart(type: PersistentStoreType) throws {
        let stack = try TestStack(model: allTypesModel, type: type)
        let zeroes = try stack.context.insertObject(entityName: "Sample")
        zeroes.setValue("zeroes", forKey: "text")
        zeroes.setValue(Int16(0), forKey: "small")
        zeroes.setValue(Int32(0), forKey: "medium")
        zeroes.setValue(Int64(0), forKey: "large")
        zeroes.setValue(0.0, forKey: "real")
        zeroes.setValue(false, forKey: "flag")
        zeroes.setValue(Date(timeIntervalSince1970: 0), forKey: "when")
        let nils = try stack.context.insertObject(entityName: "Sample")
        nils.setValue("nils", forKey: "text")
        for key in ["small", "flag"] { nils.setValue(nil, forKey: key) }
        try stack.context.save()
        try stack.reopen()
        let stored = try fetchAll("Sample", in: stack.context)
        let storedZeroes = try #require(stored.first { $0["text", as: String.self] == "zeroes" })
        let storedNils = try #require(stored.first { $0["text", as: String.self] == "nils" })
        #expect(storedZeroes["small", as: Int16.self] == 0)
        #expect(storedZeroes["medium", as: Int32.self] == 0)
        #expect(storedZeroes["large", as: Int64.self] == 0)
        #expect(storedZeroes["real", as: Double.self] == 0)
        #expect(storedZeroes["flag", as: Bool.self] == false)
        #expect(storedZeroes["when", as: Date.self] == Date(timeIntervalSince1970: 0))
        for key in ["small", "medium", "large", "real", "flag", "when"] {
            #expect(storedNils.value(forKey: key) == nil, "\(key) should be unset")
        }
    }

    /// Typed reads of strings, 64-bit integers, doubles, booleans and dates take their own
    /// fast path; they must answer exactly as `value(forKey:) as? T` does, for every key.
    @Test(arguments: allStoreTypes)
    func typedReadsAgreeWithTheGeneralPath(type: PersistentStoreType) throws {
        let stack = try TestStack(model: allTypesModel, type: type)
        let sample = try stack.context.insertObject(entityName: "Sample")
        sample.setValue("text", forKey: "text")
        sample.setValue(Int16(-3), forKey: "small")
        sample.setValue(Int32(70_000), forKey: "medium")
        sample.setValue(Int64(1) << 40, forKey: "large")
        sample.setValue(2.5, forKey: "real")
        sample.setValue(true, forKey: "flag")
        sample.setValue(Date(timeIntervalSince1970: 1_000), forKey: "when")
        sample.setValue(Data([1]), forKey: "bytes")
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(fetchAll("Sample", in: stack.context).first)
        let keys = allTypesModel.entity(named: "Sample")?.allAttributes.map(\.name) ?? []
        for key in keys + ["identifier", "nonexistent"] {
            #expect(stored[key, as: String.self] == stored.value(forKey: key) as? String, "String \(key)")
            // An integer of any declared width reads as Int64 (it holds every one); untyped, its
            // NSNumber bridges to Int64.
            #expect(stored[key, as: Int64.self] == stored.value(forKey: key) as? Int64, "Int64 \(key)")
            #expect(stored[key, as: Double.self] == stored.value(forKey: key) as? Double, "Double \(key)")
            #expect(stored[key, as: Bool.self] == stored.value(forKey: key) as? Bool, "Bool \(key)")
            #expect(stored[key, as: Date.self] == stored.value(forKey: key) as? Date, "Date \(key)")
        }
        // The fast paths do find the values, and a wider integer type holds a narrower one.
        #expect(stored["text", as: String.self] == "text")
        #expect(stored["large", as: Int64.self] == 1 << 40)
        #expect(stored["small", as: Int64.self] == -3)
        #expect(stored["real", as: Double.self] == 2.5)
        #expect(stored["flag", as: Bool.self] == true)
        #expect(stored["when", as: Date.self] == Date(timeIntervalSince1970: 1_000))
        #expect(stored["identifier", as: String.self] == nil)
    }

    @Test(arguments: allStoreTypes)
    func wrongTypesAreReportedBySave(type: PersistentStoreType) throws {
        let stack = try TestStack(model: allTypesModel, type: type)
        let sample = try stack.context.insertObject(entityName: "Sample")
        sample.setValue("seven", forKey: "small")
        sample.setValue(100_000, forKey: "small")
        sample.setValue(1, forKey: "nonexistent")
        #expect(sample["small", as: Int16.self] == 7)
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.key) == ["nonexistent", "small"]
                && problems[1].rule == "expects a Int16, got a Int"
        }
    }

    @Test(arguments: allStoreTypes)
    func changeTrackingAndPrimitiveAccess(type: PersistentStoreType) throws {
        let stack = try TestStack(model: allTypesModel, type: type)
        let sample = try stack.context.insertObject(entityName: "Sample")
        sample.setValue("first", forKey: "text")
        #expect(sample.isInserted && sample.hasChanges && !sample.isUpdated)
        #expect(sample.changedValues()["text"] as? String == "first")
        try stack.context.save()
        #expect(!sample.hasChanges && !sample.isInserted)
        #expect(!sample.objectID.isTemporaryID)

        sample.setPrimitiveValue("quiet", forKey: "text")
        #expect(!sample.hasChanges)
        #expect(!stack.context.hasChanges)
        sample.setValue("second", forKey: "text")
        #expect(sample.isUpdated)
        #expect(stack.context.updatedObjects == [sample])
        #expect(Set(sample.changedValues().keys) == ["text"])
        #expect(sample.committedValues(forKeys: ["text"])["text"] as? String == "first")
        sample.setValue("second", forKey: "text")  // the same value again changes nothing more
        #expect(sample.changedValues().count == 1)
        try stack.context.save()
        #expect(sample.committedValues(forKeys: ["text"])["text"] as? String == "second")
    }

    @Test func typedSubclassPropertiesUseKeyValueStorage() throws {
        let stack = try TestStack(model: vocabularyModel, type: .inMemory)
        let word = try stack.context.insert(Word.self)
        word.word = "perro"
        #expect(word.value(forKey: "word") as? String == "perro")
        word.setValue("gato", forKey: "word")
        #expect(word.word == "gato")
        #expect(throws: ObjectGraphError.self) { try stack.context.insert(ImageMedium.self) }
        #expect(throws: ObjectGraphError.self) { try stack.context.insertObject(entityName: "Nope") }
    }
}
