import Foundation

extension ManagedObjectModel {
    /// A description of everything in an entity that shapes its storage, in a fixed order,
    /// so that the version hash only changes when the stored form would.
    /// Validation rules, classes and delete rules are left out: they do not change what is stored.
    static func canonicalDescription(of entity: EntityDescription) -> String {
        // Appended piece by piece, not interpolated and concatenated: the same text with far
        // fewer intermediate strings (the model is described whenever it is built, so in every
        // process that opens a store).
        func flag(_ value: Bool) -> String { value ? "true" : "false" }
        var text = "entity "
        text += entity.name
        text += " parent="
        text += entity.parentName ?? "-"
        text += " abstract="
        text += flag(entity.isAbstract)
        for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) where !attribute.isTransient {
            text += "\n  attribute "
            text += attribute.name
            text += " "
            text += attribute.type.rawValue
            text += " optional="
            text += flag(attribute.isOptional)
            text += " indexed="
            text += flag(attribute.isIndexed)
            text += " external="
            text += flag(attribute.allowsExternalStorage)
            text += " searchable="
            text += flag(attribute.isSearchable)
        }
        for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
            text += "\n  relationship "
            text += relationship.name
            text += " -> "
            text += relationship.destination
            text += " inverse="
            text += relationship.inverse ?? "-"
            text += " toMany="
            text += flag(relationship.isToMany)
            // Only when set, so the hashes of every model without ordered relationships stay as they were.
            if relationship.isOrdered { text += " ordered=true" }
        }
        for constraint in entity.uniquenessConstraints {
            text += "\n  unique "
            text += constraint.joined(separator: ",")
        }
        return text
    }
}
