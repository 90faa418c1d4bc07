import Foundation

extension EntityDescription {
    /// The entity of a ``ManagedObject`` subclass whose properties are declared with
    /// ``Attribute`` and ``Relationship``: its name (the class's name unless given), its
    /// attributes and relationships in declaration order, its parent (the superclass, unless it
    /// is ``ManagedObject`` itself) and the uniqueness constraints of its `.unique` attributes.
    ///
    /// ```swift
    /// EntityDescription(Note.self)
    /// EntityDescription(Medium.self, isAbstract: true)
    /// EntityDescription(Event.self, uniqueTogether: [[\Event.calendar, \Event.start]])
    /// ```
    /// - Throws: ``ModelError/unknownInverse(entity:relationship:inverse:)`` when an inverse key
    ///   path does not end at a typed relationship.
    public convenience init<T: ManagedObject>(
        _ type: T.Type, name: String? = nil, isAbstract: Bool = false,
        uniqueTogether: [[PartialKeyPath<T>]] = [],
        renamingIdentifier: String? = nil
    ) throws {
        let entityName = name ?? ManagedObject.typeName(of: type)
        let (_, declarations, storageTypes) = PropertyRecorder.prototype(of: type)
        let own = TypedFields.propertyNames(of: type, storageTypes: storageTypes).first ?? []
        var attributes: [AttributeDescription] = []
        var relationships: [RelationshipDescription] = []
        var constraints: [[String]] = []
        var inverseFromDestination: Set<String> = []
        for (name, declaration) in zip(own, declarations) {
            switch declaration {
            case .attribute(let make, let isUnique):
                attributes.append(make(name))
                if isUnique { constraints.append([name]) }
            case .relationship(let relationship):
                var inverse: String?
                if let keyPath = relationship.inverse {
                    guard let path = KeyPathProbe.path(of: keyPath), path.count == 1 else {
                        throw ModelError.unknownInverse(entity: entityName, relationship: name, inverse: "\(keyPath)")
                    }
                    inverse = path[0]
                } else {
                    inverseFromDestination.insert(name)
                }
                relationships.append(
                    RelationshipDescription(
                        name, destination: ManagedObject.typeName(of: relationship.destination), inverse: inverse,
                        isToMany: relationship.isToMany, deleteRule: relationship.deleteRule,
                        isOptional: relationship.isOptional, minCount: relationship.minCount,
                        maxCount: relationship.maxCount,
                        renamingIdentifier: relationship.renamingIdentifier, isOrdered: relationship.isOrdered))
            }
        }
        for group in uniqueTogether {
            constraints.append(
                try group.map { keyPath in
                    guard let path = KeyPathProbe.path(of: keyPath), path.count == 1 else {
                        throw ModelError.unknownConstraintKey(entity: entityName, key: "\(keyPath)")
                    }
                    return path[0]
                })
        }
        let superclass = _getSuperclass(type) as? ManagedObject.Type
        let parent = superclass.flatMap { $0 == ManagedObject.self ? nil : ManagedObject.typeName(of: $0) }
        self.init(
            entityName, managedObjectClass: type, parent: parent, isAbstract: isAbstract,
            attributes: attributes, relationships: relationships, uniquenessConstraints: constraints,
            renamingIdentifier: renamingIdentifier, inverseFromDestination: inverseFromDestination)
    }
}

extension ManagedObjectModel {
    /// The model of typed classes, each an entity as
    /// ``EntityDescription/init(_:name:isAbstract:uniqueTogether:renamingIdentifier:)`` makes it with its defaults (use
    /// that initializer with ``init(entities:)`` for abstract entities, other names or compound constraints).
    ///
    /// ```swift
    /// let model = try ManagedObjectModel(types: [Folder.self, Note.self])
    /// ```
    /// - Throws: ``ModelError`` naming the first problem found.
    public convenience init(types: [ManagedObject.Type]) throws {
        try self.init(entities: types.map { try EntityDescription($0) })
    }
}

extension ManagedObjectModel {
    /// `declared` with the inverse of each relationship in an entity's
    /// ``EntityDescription/inverseFromDestination`` filled in from the destination's relationship
    /// (its own or an inherited one) that names it as inverse; the others as they are.
    static func inferringInverses(_ declared: [EntityDescription]) -> [EntityDescription] {
        guard declared.contains(where: { !$0.inverseFromDestination.isEmpty }) else { return declared }
        let byName = Dictionary(declared.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func lineage(_ name: String) -> [EntityDescription] {
            var chain: [EntityDescription] = []
            var next = byName[name]
            while let entity = next, chain.count <= declared.count {
                chain.append(entity)
                next = entity.parentName.flatMap { byName[$0] }
            }
            return chain
        }
        return declared.map { entity in
            guard !entity.inverseFromDestination.isEmpty else { return entity }
            let sourceNames = Set(lineage(entity.name).map(\.name))
            let relationships = entity.relationships.map { relationship in
                guard relationship.inverse == nil, entity.inverseFromDestination.contains(relationship.name) else {
                    return relationship
                }
                var filled = relationship
                filled.inverse =
                    lineage(relationship.destination).lazy.flatMap(\.relationships).first {
                        $0.inverse == relationship.name && sourceNames.contains($0.destination)
                    }?.name
                return filled
            }
            return EntityDescription(
                entity.name, managedObjectClass: entity.managedObjectClass, parent: entity.parentName,
                isAbstract: entity.isAbstract, attributes: entity.attributes, relationships: relationships,
                uniquenessConstraints: entity.uniquenessConstraints,
                renamingIdentifier: entity.renamingIdentifier, inverseFromDestination: [])
        }
    }
}
