import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ModelTests {
    private func entities(extraWord: [AttributeDescription] = []) -> [EntityDescription] {
        [
            EntityDescription(
                "Vocabulary", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("words", destination: "Word", inverse: "vocabulary", isToMany: true)
                ]),
            EntityDescription(
                "Word", attributes: [AttributeDescription("word", .string)] + extraWord,
                relationships: [RelationshipDescription("vocabulary", destination: "Vocabulary", inverse: "words")])
        ]
    }

    @Test func unknownDestinationIsNamed() {
        #expect(throws: ModelError.unknownDestination(entity: "A", relationship: "b", destination: "Nowhere")) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A", relationships: [RelationshipDescription("b", destination: "Nowhere", inverse: nil)])
            ])
        }
    }

    @Test func mismatchedInversesAreNamed() {
        #expect(throws: ModelError.mismatchedInverse(entity: "A", relationship: "bs", inverse: "a")) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A", relationships: [RelationshipDescription("bs", destination: "B", inverse: "a", isToMany: true)]),
                EntityDescription(
                    "B", relationships: [RelationshipDescription("a", destination: "A", inverse: "other")])
            ])
        }
        #expect(throws: ModelError.unknownInverse(entity: "A", relationship: "bs", inverse: "missing")) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A",
                    relationships: [RelationshipDescription("bs", destination: "B", inverse: "missing", isToMany: true)]
                ),
                EntityDescription("B")
            ])
        }
    }

    @Test func duplicateNamesAreNamed() {
        #expect(throws: ModelError.duplicateEntity("A")) {
            try ManagedObjectModel(entities: [EntityDescription("A"), EntityDescription("A")])
        }
        #expect(throws: ModelError.duplicateProperty(entity: "A", property: "x")) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A", attributes: [AttributeDescription("x", .string), AttributeDescription("x", .double)])
            ])
        }
        #expect(throws: ModelError.duplicateProperty(entity: "Child", property: "x")) {
            try ManagedObjectModel(entities: [
                EntityDescription("Parent", attributes: [AttributeDescription("x", .string)]),
                EntityDescription("Child", parent: "Parent", attributes: [AttributeDescription("x", .string)])
            ])
        }
    }

    @Test func unknownParentAndBadDefaultsAreNamed() {
        #expect(throws: ModelError.unknownParent(entity: "Child", parent: "Ghost")) {
            try ManagedObjectModel(entities: [EntityDescription("Child", parent: "Ghost")])
        }
        #expect(throws: ModelError.invalidDefault(entity: "A", attribute: "count", expected: "Int16")) {
            try ManagedObjectModel(entities: [
                EntityDescription("A", attributes: [AttributeDescription("count", .integer16, defaultValue: "three")])
            ])
        }
        #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription("A", attributes: [AttributeDescription("text", .string, allowsExternalStorage: true)])
            ])
        }
        let error = ModelError.unknownParent(entity: "Child", parent: "Ghost")
        #expect(error.description == "Entity 'Child' names parent 'Ghost', which is not in the model.")
    }

    @Test func versionHashIsStableAndFollowsTheSchema() throws {
        let first = try ManagedObjectModel(entities: entities())
        let again = try ManagedObjectModel(entities: entities().reversed())
        #expect(first.versionHash == again.versionHash)
        #expect(first.versionHash.count == 64)
        let changed = try ManagedObjectModel(entities: entities(extraWord: [AttributeDescription("note", .string)]))
        #expect(changed.versionHash != first.versionHash)
        #expect(
            ManagedObjectModel.differences(stored: first.entityVersionHashes, current: changed.entityVersionHashes)
                == ["entity 'Word' changed"])
        // Validation rules do not change what is stored, so they leave the hash alone.
        let ruled = try ManagedObjectModel(entities: [
            EntityDescription(
                "Vocabulary", attributes: [AttributeDescription("name", .string, maxLength: 10)],
                relationships: [
                    RelationshipDescription("words", destination: "Word", inverse: "vocabulary", isToMany: true)
                ]),
            entities()[1]
        ])
        #expect(ruled.versionHash == first.versionHash)
    }

    @Test func subEntitiesInheritProperties() throws {
        let model = photoDiaryModel
        let image = try #require(model.entity(named: "ImageMedium"))
        #expect(image.allAttributes.map(\.name) == ["fileName", "data", "width"])
        #expect(image.allRelationships.map(\.name) == ["diaryEntry"])
        #expect(image.isKind(of: "Medium"))
        #expect(image.rootName == "Medium")
        let medium = try #require(model.entity(named: "Medium"))
        #expect(medium.subentityNames == ["ImageMedium"])
        #expect(medium.isAbstract)
        #expect(model.entity(for: ImageMedium.self)?.name == "ImageMedium")
    }
}
