import TestSupport
import Testing

@testable import ObjectGraph

/// The uniquing table (dense runs per hierarchy plus a spill table) against a plain dictionary.
@Suite struct ObjectRegistryTests {
    private let entity = EntityDescription("Thing")

    private func makeObject() -> ManagedObject { ManagedObject(entity: entity, insertInto: nil) }

    /// Applies random inserts, replacements and removals drawn from `keys` in several hierarchies
    /// and checks every lookup, the count and the enumeration against a dictionary.
    private func checkAgainstDictionary(keys: () -> Int64, operations: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var registry = ObjectRegistry()
        var expected: [RegistryKey: ManagedObject] = [:]
        for _ in 0..<operations {
            let key = RegistryKey(root: Int64.random(in: 1...3, using: &generator), key: keys())
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<2:
                registry[key] = nil
                expected[key] = nil
            case 2..<4:
                let (object, inserted) = registry.object(for: key, orInsert: makeObject)
                #expect(inserted == (expected[key] == nil))
                if let known = expected[key] { #expect(object === known) }
                expected[key] = object
            default:
                let object = makeObject()
                registry[key] = object
                expected[key] = object
            }
            #expect(registry[key] === expected[key])
        }
        #expect(registry.count == expected.count)
        for (key, object) in expected { #expect(registry[key] === object) }
        var seen = Set<ObjectIdentifier>()
        registry.forEach { seen.insert(ObjectIdentifier($0)) }
        #expect(seen == Set(expected.values.map(ObjectIdentifier.init)))
        #expect(registry.values.count == expected.count)
    }

    @Test func denseAscendingKeysAreFoundAgain() {
        var next: Int64 = 0
        checkAgainstDictionary(
            keys: {
                next += 1; return next / 2
            }, operations: 3_000, seed: 1)
    }

    @Test func descendingKeysAreFoundAgain() {
        var next: Int64 = 5_000
        checkAgainstDictionary(
            keys: {
                next -= 1; return next
            }, operations: 3_000, seed: 2)
    }

    @Test func sparseAndExtremeKeysAreFoundAgain() {
        var generator = SeededGenerator(seed: 3)
        let extremes: [Int64] = [0, -1, .min, .max, .max - 1, 1 << 60, (1 << 60) - 1]
        checkAgainstDictionary(
            keys: {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: extremes.randomElement(using: &generator) ?? 0
                case 1: Int64.random(in: 0..<1_000_000_000, using: &generator)
                default: Int64.random(in: 0..<300, using: &generator)
                }
            }, operations: 4_000, seed: 4)
    }

    /// Keys first spilled (far from the run) and later covered by the run as it widens stay unique.
    @Test func spilledKeysMoveIntoAWideningRun() {
        var registry = ObjectRegistry()
        let far = makeObject()
        registry[RegistryKey(root: 1, key: 1)] = makeObject()
        registry[RegistryKey(root: 1, key: 500)] = far
        for key in Int64(2)..<600 where key != 500 {
            _ = registry.object(for: RegistryKey(root: 1, key: key), orInsert: makeObject)
        }
        let (found, inserted) = registry.object(for: RegistryKey(root: 1, key: 500), orInsert: makeObject)
        #expect(!inserted)
        #expect(found === far)
        #expect(registry.count == 599)
        registry[RegistryKey(root: 1, key: 500)] = nil
        #expect(registry[RegistryKey(root: 1, key: 500)] == nil)
        #expect(registry.count == 598)
    }
}
