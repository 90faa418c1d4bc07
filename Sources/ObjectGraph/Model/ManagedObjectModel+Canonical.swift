import Foundation

extension ManagedObjectModel {
    /// A description of everything in an entity that shapes its storage, in a fixed order,
    /// so that the version hash only changes when the stored form would.
    /// Validation rules, classes and delete rules are left out: they do not change what is stored.
    static func canonicalDescription(of entity: EntityDescription) -> String {
        var lines = ["entity \(entity.name) parent=\(entity.parentName ?? "-") abstract=\(entity.isAbstract)"]
        for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) where !attribute.isTransient {
            lines.append("  attribute \(attribute.name) \(attribute.type.rawValue) optional=\(attribute.isOptional)"
                + " indexed=\(attribute.isIndexed) external=\(attribute.allowsExternalStorage)"
                + " searchable=\(attribute.isSearchable)")
        }
        for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
            lines.append("  relationship \(relationship.name) -> \(relationship.destination)"
                + " inverse=\(relationship.inverse ?? "-") toMany=\(relationship.isToMany)"
                // Only when set, so the hashes of every model without ordered relationships stay as they were.
                + (relationship.isOrdered ? " ordered=true" : ""))
        }
        for constraint in entity.uniquenessConstraints {
            lines.append("  unique \(constraint.joined(separator: ","))")
        }
        return lines.joined(separator: "\n")
    }
}
