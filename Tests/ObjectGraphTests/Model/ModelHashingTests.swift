import Foundation
import Testing

@testable import ObjectGraph

/// The canonical description and version hashes keep the exact text and digests they had when
/// they were built by interpolation (a store records the hash; any other text would read as a
/// model change), and names are checked as plain ASCII identifiers as before.
@Suite struct ModelHashingTests {
    private func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                "Base", isAbstract: true,
                attributes: [
                    AttributeDescription("created", .date, isOptional: false, isIndexed: true),
                    AttributeDescription("scratch", .string, isTransient: true)
                ]),
            EntityDescription(
                "Album", parent: "Base",
                attributes: [
                    AttributeDescription("title", .string, isSearchable: true),
                    AttributeDescription("cover", .binary, allowsExternalStorage: true),
                    AttributeDescription("code", .integer32, isOptional: false, defaultValue: 0)
                ],
                relationships: [
                    RelationshipDescription(
                        "tracks", destination: "Track", inverse: "album", isToMany: true, isOrdered: true),
                    RelationshipDescription("owner", destination: "Owner", inverse: nil)
                ], uniquenessConstraints: [["title"], ["code", "title"]]),
            EntityDescription(
                "Track", attributes: [AttributeDescription("length", .double)],
                relationships: [RelationshipDescription("album", destination: "Album", inverse: "tracks")]),
            EntityDescription("Owner")
        ])
    }

    /// The description as it was written before: one interpolated line per part, joined by newlines.
    private func interpolatedDescription(of entity: EntityDescription) -> String {
        var lines = ["entity \(entity.name) parent=\(entity.parentName ?? "-") abstract=\(entity.isAbstract)"]
        for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) where !attribute.isTransient {
            lines.append(
                "  attribute \(attribute.name) \(attribute.type.rawValue) optional=\(attribute.isOptional)"
                    + " indexed=\(attribute.isIndexed) external=\(attribute.allowsExternalStorage)"
                    + " searchable=\(attribute.isSearchable)")
        }
        for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
            lines.append(
                "  relationship \(relationship.name) -> \(relationship.destination)"
                    + " inverse=\(relationship.inverse ?? "-") toMany=\(relationship.isToMany)"
                    + (relationship.isOrdered ? " ordered=true" : ""))
        }
        for constraint in entity.uniquenessConstraints {
            lines.append("  unique \(constraint.joined(separator: ","))")
        }
        return lines.joined(separator: "\n")
    }

    @Test func descriptionsAndHashesAreThoseOfTheInterpolatedText() throws {
        let model = try model()
        var texts: [String: String] = [:]
        for entity in model.entities {
            let expected = interpolatedDescription(of: entity)
            #expect(ManagedObjectModel.canonicalDescription(of: entity) == expected)
            #expect(model.entityVersionHashes[entity.name] == SHA256Hasher.hex(of: Data(expected.utf8)))
            texts[entity.name] = expected
        }
        let whole = texts.keys.sorted().compactMap { texts[$0] }.joined(separator: "\n")
        #expect(model.versionHash == SHA256Hasher.hex(of: Data(whole.utf8)))
        #expect(texts["Album"]?.contains("relationship tracks -> Track inverse=album toMany=true ordered=true") == true)
    }

    @Test(arguments: ["café", "Größe", "1st", "a-b", "two words", "", "ｆｕｌｌ", "x²"])
    func namesOutsideASCIIIdentifiersAreRefused(name: String) {
        #expect(throws: ModelError.invalidName(name)) {
            try ManagedObjectModel(entities: [EntityDescription("A", attributes: [AttributeDescription(name, .string)])]
            )
        }
        #expect(throws: ModelError.invalidName(name)) {
            try ManagedObjectModel(entities: [EntityDescription(name)])
        }
    }

    @Test func asciiIdentifiersAreAccepted() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Z9_entry",
                attributes: [
                    AttributeDescription("_private", .string), AttributeDescription("camelCase2", .string),
                    AttributeDescription("UPPER_9", .string)
                ])
        ])
        #expect(model.entity(named: "Z9_entry")?.attributes.map(\.name) == ["_private", "camelCase2", "UPPER_9"])
    }
}
