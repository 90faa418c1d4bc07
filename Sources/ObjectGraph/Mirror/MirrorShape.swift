import Foundation

/// What of an entity a mirror carries, worked out once per entity: the attributes it stores
/// (not transient, not derived: those are computed again on every device), and how each
/// relationship travels. A relationship and its inverse travel on one side only, so two devices
/// never hold two stamps for one link: a to-one against a to-many on the to-one side, two of a
/// kind on the side whose `Entity.name` sorts first.
struct MirrorShape {
    enum Link {
        /// A to-one: the destination's identity, last writer wins.
        case toOne
        /// An ordered to-many: the members' identities in order, last writer wins.
        case ordered
        /// An unordered to-many: an observed-remove set per member.
        case members
    }

    /// Attribute indexes (in `allAttributes`) and names that are mirrored.
    let attributes: [(index: Int, name: String, type: AttributeType)]
    /// Relationships carried on this side, by name.
    let links: [(name: String, kind: Link)]
    /// The to-one to the object this one is a part of (whose inverse deletes it with its owner,
    /// as an entry its media); nil for an object that is no part.
    let ownerKey: String?
    /// The relationships to the object's parts (the inverses of their ``ownerKey``), not carried
    /// (each part names its owner): the object's stamp of one is that of the last part added to it.
    let partKeys: [String]
    /// The names of the mirrored string attributes that keep concurrent text
    /// (``MirrorConfiguration/textMergingAttributes``).
    let textMerging: Set<String>
    /// The mirrored attributes that withdraw the object while set
    /// (``MirrorConfiguration/withdrawingAttributes``).
    let withdrawing: [(index: Int, name: String)]

    /// The shape of `entity`, with the attributes `configuration` names (`Entity.attribute`, a root
    /// entity's name covering its subentities) that keep concurrent text or withdraw the object.
    init(_ entity: EntityDescription, model: ManagedObjectModel, configuration: MirrorConfiguration) {
        var attributes: [(Int, String, AttributeType)] = []
        for (index, attribute) in entity.allAttributes.enumerated()
        where !attribute.isTransient && attribute.derivation == nil {
            attributes.append((index, attribute.name, attribute.type))
        }
        self.attributes = attributes
        func names(_ attribute: String, in named: Set<String>) -> Bool {
            named.contains("\(entity.rootName).\(attribute)") || named.contains("\(entity.name).\(attribute)")
        }
        textMerging = Set(
            attributes.map(\.1).filter { names($0, in: configuration.textMergingAttributes) })
        withdrawing = attributes.filter { names($0.1, in: configuration.withdrawingAttributes) }.map { ($0.0, $0.1) }
        var links: [(String, Link)] = []
        for relationship in entity.allRelationships {
            let kind: Link = !relationship.isToMany ? .toOne : relationship.isOrdered ? .ordered : .members
            if let inverseName = relationship.inverse, let destination = model.entity(named: relationship.destination),
                let inverse = destination.relationship(named: inverseName)
            {
                if relationship.isToMany && !inverse.isToMany { continue }
                if relationship.isToMany == inverse.isToMany {
                    let mine = "\(entity.rootName).\(relationship.name)",
                        theirs = "\(destination.rootName).\(inverseName)"
                    if theirs < mine { continue }
                }
            }
            links.append((relationship.name, kind))
        }
        self.links = links
        ownerKey =
            entity.allRelationships.first { relationship in
                guard !relationship.isToMany, let inverse = relationship.inverse else { return false }
                return model.entity(named: relationship.destination)?.relationship(named: inverse)?.deleteRule
                    == .cascade
            }?.name
        partKeys = entity.allRelationships.filter { relationship in
            guard relationship.isToMany, relationship.deleteRule == .cascade, let inverse = relationship.inverse else {
                return false
            }
            return model.entity(named: relationship.destination)?.relationship(named: inverse)?.isToMany == false
        }.map(\.name)
    }

    /// Shapes by entity name, made on first use.
    final class Cache {
        private var shapes: [String: MirrorShape] = [:]
        let model: ManagedObjectModel
        /// What names the attributes that keep concurrent text or withdraw the object.
        let configuration: MirrorConfiguration

        init(model: ManagedObjectModel, configuration: MirrorConfiguration) {
            self.model = model
            self.configuration = configuration
        }

        func shape(of entity: EntityDescription) -> MirrorShape {
            if let shape = shapes[entity.name] { return shape }
            let shape = MirrorShape(entity, model: model, configuration: configuration)
            shapes[entity.name] = shape
            return shape
        }
    }
}

extension ManagedObject {
    /// The stored value of attribute `index`, deferred values read (for a change set).
    func mirroredValue(at index: Int) -> StoredValue {
        fireFaultIfNeeded()
        resolveDeferredValue(at: index)
        return index < values.count ? values[index] : .null
    }

    /// Sets attribute `index` to a stored value received from another device.
    func setMirroredValue(_ value: StoredValue, at index: Int) {
        fireFaultIfNeeded()
        guard index < values.count, values[index] != value else { return }
        values[index] = value
        markChanged(entity.attributeNames[index])
    }
}
