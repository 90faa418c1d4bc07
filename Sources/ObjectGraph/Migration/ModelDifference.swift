import Foundation

/// What changed between the model a store was written with (its ``ModelDescription``) and a
/// current model: every change named, and how each new entity and property maps to an old
/// one, which is what migrations follow. An entity or property maps to the old one named by its
/// `renamingIdentifier` when there is one, else to the old one of its own name; so a model keeps
/// its renaming identifiers in later versions, and a store of any earlier version migrates directly.
public struct ModelDifference: Sendable {
    /// Every change, lightweight or not, in the order of the new model's entities
    /// (removed entities last).
    public let changes: [ModelChange]
    /// New entity name → old entity name, for entities that existed before.
    let entityMapping: [String: String]
    /// New entity name → (declared attribute name → old attribute name; attributes declared by
    /// new ancestors, moved up from the entity, included).
    let attributeMapping: [String: [String: String]]
    /// New entity name → (declared relationship name → old relationship name).
    let relationshipMapping: [String: [String: String]]

    /// The changes a lightweight migration cannot make.
    public var incompatibleChanges: [ModelChange] { changes.filter { !$0.isLightweight } }

    /// Compares `stored` (the old model) with `current`.
    public init(from stored: ModelDescription, to current: ManagedObjectModel) {
        var changes: [ModelChange] = []
        let entityMapping = EntityComparison.match(
            current.entities.map { ($0.name, $0.renamingIdentifier) },
            old: stored.entities.map(\.name))
        let oldToNew = Dictionary(uniqueKeysWithValues: entityMapping.map { ($0.value, $0.key) })
        var attributeMapping: [String: [String: String]] = [:]
        var relationshipMapping: [String: [String: String]] = [:]
        for entity in current.entities {
            guard let oldName = entityMapping[entity.name], let old = stored.entity(named: oldName) else {
                changes.append(ModelChange(entity: entity.name, summary: "entity added", isLightweight: true))
                continue
            }
            var newAncestors: [EntityDescription] = []
            for name in entity.ancestorNames {
                guard entityMapping[name] == nil, let ancestor = current.entity(named: name) else { break }
                newAncestors.append(ancestor)
            }
            var comparison = EntityComparison(entity: entity, old: old, oldToNew: oldToNew, newAncestors: newAncestors)
            if oldName != entity.name {
                comparison.note(nil, "renamed from \(oldName)")
            }
            comparison.compareHeader()
            comparison.compareAttributes()
            comparison.compareRelationships(current: current)
            comparison.compareConstraints()
            changes += comparison.changes
            attributeMapping[entity.name] = comparison.attributeMapping
            relationshipMapping[entity.name] = comparison.relationshipMapping
        }
        // Entities kept in separate tables before cannot share the table of a new root entity: their keys would
        // collide.
        func oldRoot(_ name: String) -> String {
            var current = name
            while let parent = stored.entity(named: current)?.parent { current = parent }
            return current
        }
        for root in current.entities where root.parentName == nil && entityMapping[root.name] == nil {
            let oldRoots = Set(root.hierarchyNames.compactMap { entityMapping[$0] }.map(oldRoot))
            if oldRoots.count > 1 {
                changes.append(
                    ModelChange(
                        entity: root.name,
                        summary: "would hold the rows of \(oldRoots.sorted().joined(separator: ", ")),"
                            + " kept apart before (their keys would collide)", isLightweight: false))
            }
        }
        for old in stored.entities where oldToNew[old.name] == nil {
            changes.append(ModelChange(entity: old.name, summary: "entity removed", isLightweight: true))
        }
        self.changes = changes
        self.entityMapping = entityMapping
        self.attributeMapping = attributeMapping
        self.relationshipMapping = relationshipMapping
    }

    /// The old name of attribute `name` of new entity `entity` (inherited ones included), or nil when it is new.
    func oldAttributeName(_ name: String, of entity: EntityDescription, in model: ManagedObjectModel) -> String? {
        oldName(name, of: entity, in: model, mapping: attributeMapping) { $0.attributes.contains { $0.name == name } }
    }

    /// The old name of relationship `name` of new entity `entity` (inherited ones included), or nil when it is new.
    func oldRelationshipName(_ name: String, of entity: EntityDescription, in model: ManagedObjectModel) -> String? {
        oldName(name, of: entity, in: model, mapping: relationshipMapping) {
            $0.relationships.contains { $0.name == name }
        }
    }

    /// The old name of property `name` as mapped on the entity of `entity`'s chain that `declares` it.
    private func oldName(
        _ name: String, of entity: EntityDescription, in model: ManagedObjectModel,
        mapping: [String: [String: String]], declares: (EntityDescription) -> Bool
    ) -> String? {
        for candidate in [entity.name] + entity.ancestorNames {
            guard let declaring = model.entity(named: candidate), declares(declaring) else { continue }
            // Declared by a new ancestor: moved up from the entity, whose own mapping records it.
            guard entityMapping[candidate] != nil else { return mapping[entity.name]?[name] }
            return mapping[candidate]?[name]
        }
        return nil
    }
}
