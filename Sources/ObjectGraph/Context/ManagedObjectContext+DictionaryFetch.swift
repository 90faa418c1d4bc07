import Foundation

extension ManagedObjectContext {
    /// The results of `request` as dictionaries (see ``DictionaryFetchRequest``): this context's
    /// unsaved changes included, as in ``fetch(_:)``; then kept by the having predicate, made
    /// distinct, offset and limited, in that order (as SQL's `HAVING`, `DISTINCT`, `OFFSET`,
    /// `LIMIT`). Values are ``PredicateValue``s; to-one destinations are
    /// ``PredicateValue/object(_:)`` IDs; nil values are left out of a dictionary.
    /// - Throws: ``FetchRequestError/unknownProperty(entity:key:)`` for a key path the entity lacks,
    ///   or a fetched key that is neither grouped by nor an expression while grouping;
    ///   ``PredicateEvaluationError`` for a having predicate naming what the dictionaries lack;
    ///   otherwise as ``fetch(_:)``.
    public func fetchDictionaries(_ request: DictionaryFetchRequest) throws -> [[String: PredicateValue]] {
        guard let entity = managedObjectModel.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let grouped = Set(request.propertiesToGroupBy)
        let expressions = request.propertiesToFetch.compactMap { property -> ExpressionDescription? in
            if case .expression(let expression) = property { return expression }
            return nil
        }
        let keys = request.propertiesToFetch.compactMap { property -> String? in
            if case .key(let key) = property { return key }
            return nil
        }
        for key in keys + request.propertiesToGroupBy + expressions.map(\.keyPath) where key != "SELF" {
            try checkKeyPath(key, of: entity)
        }
        if !grouped.isEmpty || !expressions.isEmpty, let loose = keys.first(where: { !grouped.contains($0) }) {
            throw FetchRequestError.unknownProperty(entity: entity.name, key: loose)
        }
        let objects = try fetch(
            FetchRequest(
                entityName: request.entityName, predicate: request.predicate,
                sortOrderings: request.sortOrderings))
        var results: [[String: PredicateValue]]
        if grouped.isEmpty && expressions.isEmpty {
            results = objects.map { object in dictionary(keys.map { ($0, Self.value(of: $0, from: object)) }) }
        } else {
            // Groups in the order of their first object.
            var order: [[PredicateValue]] = []
            var members: [[PredicateValue]: [ManagedObject]] = [:]
            for object in objects {
                let groupKey = request.propertiesToGroupBy.map { Self.value(of: $0, from: object) }
                if members[groupKey] == nil { order.append(groupKey) }
                members[groupKey, default: []].append(object)
            }
            if order.isEmpty && grouped.isEmpty { order = [[]] }
            results = order.map { groupKey in
                let group = members[groupKey] ?? []
                var entries = Array(zip(request.propertiesToGroupBy, groupKey))
                for expression in expressions {
                    let values = group.map {
                        expression.keyPath == "SELF"
                            ? PredicateValue.bool(true) : Self.value(of: expression.keyPath, from: $0)
                    }
                    entries.append((expression.name, expression.evaluate(values)))
                }
                // Only the fetched properties: group keys not asked for are left out.
                let wanted = Set(keys + expressions.map(\.name))
                return dictionary(entries.filter { wanted.contains($0.0) })
            }
        }
        if let having = request.havingPredicate {
            results = try results.filter { try having.evaluate(with: DictionarySubject(values: $0)) }
        }
        if request.returnsDistinctResults {
            var seen = Set<[String: PredicateValue]>()
            results = results.filter { seen.insert($0).inserted }
        }
        let kept = results.dropFirst(max(0, request.fetchOffset))
        guard let limit = request.fetchLimit, limit > 0 else { return Array(kept) }
        return Array(kept.prefix(limit))
    }

    /// Throws unless `keyPath` steps through to-one relationships of `entity` to an attribute or a to-one.
    private func checkKeyPath(_ keyPath: String, of entity: EntityDescription) throws {
        var current = entity
        let parts = keyPath.split(separator: ".").map(String.init)
        for (index, part) in parts.enumerated() {
            if current.attribute(named: part) != nil, index == parts.count - 1 { return }
            guard let relationship = current.relationship(named: part), !relationship.isToMany,
                let destination = managedObjectModel.entity(named: relationship.destination)
            else {
                throw FetchRequestError.unknownProperty(entity: entity.name, key: keyPath)
            }
            current = destination
        }
    }

    /// The value at `keyPath` (through to-one relationships) of `object`.
    private static func value(of keyPath: String, from object: ManagedObject) -> PredicateValue {
        var subject: (any PredicateSubject)? = object
        let parts = keyPath.split(separator: ".")
        for (index, part) in parts.enumerated() {
            guard let current = subject else { return .null }
            switch current.predicateProperty(named: String(part)) {
            case .value(let value): return index == parts.count - 1 ? value : .null
            case .object(let next):
                if index == parts.count - 1 { return next?.predicateObjectID.map(PredicateValue.object) ?? .null }
                subject = next
            case .objects, .unknown: return .null
            }
        }
        return .null
    }

    private func dictionary(_ entries: [(String, PredicateValue)]) -> [String: PredicateValue] {
        var result: [String: PredicateValue] = [:]
        for (key, value) in entries where value != .null { result[key] = value }
        return result
    }
}

/// A result dictionary as the predicate evaluator sees it (for having predicates).
private struct DictionarySubject: PredicateSubject {
    let values: [String: PredicateValue]
    var predicateObjectID: ObjectID? { nil }
    func predicateProperty(named name: String) -> PredicateProperty { .value(values[name] ?? .null) }
}
