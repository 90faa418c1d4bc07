import Foundation
import Testing

@testable import ObjectGraph

/// A typed class whose entity has another name than the class.
private final class Pebble: ManagedObject {
    @Attribute var weight: Int64 = 0
}

@Suite struct RenamedEntityFetchTests {
    private static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [EntityDescription(Pebble.self, name: "Stone")])
    }

    /// As `insert(T.self)` finds a class mapped to an entity of another name, so do the typed
    /// fetches: `FetchRequest(T.self)`, `fetch(T.self, where:)`, counts, IDs and dictionaries.
    @Test(arguments: allStoreTypes)
    func typedFetchesFindTheEntityTheClassIsMappedTo(type: PersistentStoreType) throws {
        let stack = try TestStack(model: Self.model(), type: type)
        for weight in [3, 1, 2] as [Int64] {
            let pebble = try stack.context.insert(Pebble.self)
            pebble.weight = weight
        }
        try stack.context.save()

        let request = FetchRequest(Pebble.self).sorted(by: \.weight)
        #expect(request.entityName == "Pebble")
        #expect(try stack.context.fetch(request).map(\.weight) == [1, 2, 3])
        #expect(try stack.context.fetch(Pebble.self, where: \.weight > 1).count == 2)
        #expect(try stack.context.count(for: request) == 3)
        #expect(try stack.context.fetchObjectIDs(request).count == 3)
        #expect(try stack.context.fetchDictionaries(request).count == 3)
        #expect(try stack.context.fetch(FetchRequest(entityName: "Stone")).count == 3)
        // A name given by hand is the entity's name, never a class's.
        #expect {
            try stack.context.fetch(FetchRequest(Pebble.self, entityName: "Pebble"))
        } throws: { error in
            guard case .unknownEntity("Pebble") = error as? ObjectGraphError else { return false }
            return true
        }
    }
}
