import Foundation

/// Compares one new entity with its old description, collecting changes and property mappings.
struct EntityComparison {
    let entity: EntityDescription
    let old: ModelDescription.Entity
    let oldToNew: [String: String]
    var changes: [ModelChange] = []
    var attributeMapping: [String: String] = [:]
    var relationshipMapping: [String: String] = [:]

    /// The entity's ancestors that are new in this model (no old entity maps to them), nearest
    /// first, up to the first that existed before: properties they declare may have moved up from
    /// this entity, and match its old ones as if it declared them.
    let newAncestors: [EntityDescription]

    init(
        entity: EntityDescription, old: ModelDescription.Entity, oldToNew: [String: String],
        newAncestors: [EntityDescription] = []
    ) {
        self.entity = entity
        self.old = old
        self.oldToNew = oldToNew
        self.newAncestors = newAncestors
    }

    /// The nearest ancestor of `entity` that existed before (the new ones skipped), in `model`.
    var nearestExistingParent: String? {
        guard let last = newAncestors.last else { return entity.parentName }
        return last.parentName
    }

    mutating func note(_ property: String?, _ summary: String, lightweight: Bool = true) {
        changes.append(
            ModelChange(entity: entity.name, property: property, summary: summary, isLightweight: lightweight))
    }

    mutating func compareHeader() {
        let oldParent = old.parent.map { oldToNew[$0] ?? $0 }
        if oldParent != entity.parentName && oldParent == nearestExistingParent, let parent = entity.parentName {
            // As Core Data's lightweight migration: a new parent entity (properties moved up into it).
            note(nil, "moved under the new parent entity \(parent)")
        } else if oldParent != entity.parentName {
            note(
                nil, "parent changed from \(oldParent ?? "none") to \(entity.parentName ?? "none")", lightweight: false)
        }
        if entity.isAbstract && !old.isAbstract {
            note(nil, "became abstract (its stored objects would have no entity)", lightweight: false)
        } else if !entity.isAbstract && old.isAbstract {
            note(nil, "is no longer abstract")
        }
    }

    /// Matches new names to old ones: first through renaming identifiers, then each new name
    /// left to the old one of the same name if no other took it. New name → old name.
    static func match(_ new: [(name: String, renamingIdentifier: String?)], old: [String]) -> [String: String] {
        var available = Set(old)
        var result: [String: String] = [:]
        for (name, renamingIdentifier) in new {
            guard let renamingIdentifier, available.remove(renamingIdentifier) != nil else { continue }
            result[name] = renamingIdentifier
        }
        for (name, _) in new where result[name] == nil && available.remove(name) != nil {
            result[name] = name
        }
        return result
    }

    mutating func compareAttributes() {
        let stored = (entity.attributes + newAncestors.flatMap(\.attributes)).filter { !$0.isTransient }
        let matches = Self.match(
            stored.map { ($0.name, $0.renamingIdentifier) },
            old: old.attributes.filter { !$0.isTransient }.map(\.name))
        let matched = Set(matches.values)
        for attribute in stored {
            guard let previous = matches[attribute.name].flatMap({ name in old.attributes.first { $0.name == name } })
            else {
                let fillable = attribute.isOptional || attribute.defaultValue != nil
                note(
                    attribute.name,
                    fillable ? "attribute added" : "attribute added as required without a default value",
                    lightweight: fillable)
                continue
            }
            let oldName = previous.name
            attributeMapping[attribute.name] = oldName
            if oldName != attribute.name { note(attribute.name, "renamed from \(oldName)") }
            if previous.type != attribute.type {
                note(
                    attribute.name, "type changed from \(previous.type.rawValue) to \(attribute.type.rawValue)",
                    lightweight: false)
            }
            if previous.isOptional && !attribute.isOptional {
                if attribute.defaultValue != nil {
                    note(attribute.name, "made required (empty values get the default)")
                } else {
                    note(attribute.name, "made required without a default value", lightweight: false)
                }
            } else if !previous.isOptional && attribute.isOptional {
                note(attribute.name, "made optional")
            }
            if previous.isIndexed != attribute.isIndexed {
                note(attribute.name, attribute.isIndexed ? "index added" : "index removed")
            }
            if previous.allowsExternalStorage && !attribute.allowsExternalStorage {
                note(
                    attribute.name, "external storage turned off (values in blob files would be lost)",
                    lightweight: false)
            } else if !previous.allowsExternalStorage && attribute.allowsExternalStorage {
                note(attribute.name, "external storage allowed")
            }
            if previous.isSearchable != attribute.isSearchable {
                note(attribute.name, attribute.isSearchable ? "made searchable" : "no longer searchable")
            }
        }
        for previous in old.attributes where !previous.isTransient && !matched.contains(previous.name) {
            note(previous.name, "attribute removed")
        }
    }

    mutating func compareRelationships(current: ManagedObjectModel) {
        let declared = entity.relationships + newAncestors.flatMap(\.relationships)
        let matches = Self.match(declared.map { ($0.name, $0.renamingIdentifier) }, old: old.relationships.map(\.name))
        let matched = Set(matches.values)
        for relationship in declared {
            let previousName = matches[relationship.name]
            guard let previous = previousName.flatMap({ name in old.relationships.first { $0.name == name } }) else {
                note(relationship.name, "relationship added")
                continue
            }
            let oldName = previous.name
            relationshipMapping[relationship.name] = oldName
            if oldName != relationship.name { note(relationship.name, "renamed from \(oldName)") }
            let oldDestination = oldToNew[previous.destination] ?? previous.destination
            if oldDestination != relationship.destination {
                note(
                    relationship.name, "destination changed from \(oldDestination) to \(relationship.destination)",
                    lightweight: false)
            }
            if previous.isToMany && !relationship.isToMany {
                note(
                    relationship.name, "to-many became to-one (objects beyond the first would be lost)",
                    lightweight: false)
            } else if !previous.isToMany && relationship.isToMany {
                note(relationship.name, "to-one became to-many")
            }
            if relationship.isOrdered && !(previous.isOrdered ?? false) {
                note(
                    relationship.name,
                    "became ordered (members keep the order of their keys, the order they were first saved)")
            } else if !relationship.isOrdered && (previous.isOrdered ?? false) {
                note(relationship.name, "is no longer ordered (the positions are dropped)")
            }
            // The old inverse under its new name (the destination may have renamed it).
            let renamedInverse = previous.inverse.map { oldInverse in
                current.entity(named: relationship.destination)?.allRelationships
                    .first { $0.renamingIdentifier == oldInverse }?.name ?? oldInverse
            }
            if renamedInverse != relationship.inverse {
                note(
                    relationship.name,
                    "inverse changed from \(previous.inverse ?? "none") to \(relationship.inverse ?? "none")")
            }
        }
        for previous in old.relationships where !matched.contains(previous.name) {
            note(previous.name, "relationship removed")
        }
    }

    mutating func compareConstraints() {
        let mapping = attributeMapping
        let oldConstraints = Set(old.uniquenessConstraints.map { Set($0) })
        var newConstraints = Set<Set<String>>()
        for constraint in entity.uniquenessConstraints {
            // A constraint is the same as before when its keys map onto an old constraint's keys.
            let mapped = Set(constraint.map { mapping[$0] ?? "+\($0)" })
            newConstraints.insert(mapped)
            if !oldConstraints.contains(mapped) {
                note(constraint.joined(separator: ","), "uniqueness constraint added")
            }
        }
        for constraint in old.uniquenessConstraints where !newConstraints.contains(Set(constraint)) {
            note(constraint.joined(separator: ","), "uniqueness constraint removed")
        }
    }
}
