import Foundation

// Sorting in memory (unsaved objects, the in-memory and binary stores) the way SQLite sorts
// rows: nil first, then numbers, then text (by Unicode scalars, folded as asked), then data.

extension SortOrdering {
    /// The value the ordering sorts `subject` by: its key path followed through to-one
    /// relationships, text folded for ``options``; nil where the path breaks off.
    func sortKey(of subject: any PredicateSubject) -> PredicateValue {
        // A plain attribute (the usual sort key) needs no splitting of the key path.
        guard key.utf8.contains(UInt8(ascii: ".")) else { return value(of: subject.predicateProperty(named: key)) }
        let path = keyPath
        var current = subject
        for name in path.dropLast() {
            guard case .object(let next?) = current.predicateProperty(named: name) else { return .null }
            current = next
        }
        return value(of: current.predicateProperty(named: path[path.count - 1]))
    }

    /// The sort key a property gives at the end of the key path: its value (folded as asked), or
    /// nil for a relationship or an unknown key.
    private func value(of property: PredicateProperty) -> PredicateValue {
        guard case .value(let value) = property else { return .null }
        guard !options.isEmpty, let text = value.textValue else { return value }
        return .string(PredicateTextMatching.fold(text, options))
    }

    /// Sorts `items` by `orderings`, reading each item's sort keys once. Ties keep their order.
    static func sorted<Item>(
        _ items: [Item], by orderings: [SortOrdering],
        subject: (Item) -> any PredicateSubject
    ) -> [Item] {
        guard !orderings.isEmpty else { return items }
        let keyed = items.enumerated().map { index, item in
            let subject = subject(item)
            return (index: index, keys: orderings.map { $0.sortKey(of: subject) })
        }
        let order = keyed.sorted { lhs, rhs in
            for (position, ordering) in orderings.enumerated() {
                let comparison = compare(lhs.keys[position], rhs.keys[position])
                if comparison != 0 { return ordering.ascending ? comparison < 0 : comparison > 0 }
            }
            return lhs.index < rhs.index
        }
        return order.map { items[$0.index] }
    }

    /// -1, 0 or 1, SQLite's way: NULL, then numbers, then text, then blobs.
    static func compare(_ lhs: PredicateValue, _ rhs: PredicateValue) -> Int {
        let (a, b) = (rank(lhs), rank(rhs))
        if a != b { return a < b ? -1 : 1 }
        return lhs.order(comparedTo: rhs, options: []) ?? 0
    }

    private static func rank(_ value: PredicateValue) -> Int {
        switch value {
        case .null, .array: 0
        case .bool, .integer, .double, .date, .object: 1
        case .string, .uuid: 2
        case .data: 3
        }
    }
}

extension EntityDescription {
    /// Checks that `ordering`'s key path leads from this entity through to-one relationships
    /// to an attribute.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` naming the first key that does not.
    func checkSortKeyPath(_ ordering: SortOrdering, model: ManagedObjectModel) throws {
        var entity = self
        let path = ordering.keyPath
        for (index, name) in path.enumerated() {
            let isLast = index == path.count - 1
            if isLast, entity.attribute(named: name) != nil { return }
            guard !isLast, let position = entity.relationshipIndexes[name],
                !entity.allRelationships[position].isToMany,
                let next = model.entity(named: entity.allRelationships[position].destination)
            else {
                throw ObjectGraphError.unknownKey(entity: entity.name, key: name)
            }
            entity = next
        }
    }
}
