import Foundation

extension ManagedObjectContext {
    /// The IDs of the objects `request` would fetch, in order, without making objects when
    /// nothing unsaved affects the result. Unsaved inserts have temporary IDs.
    /// - Throws: as ``fetch(_:)``.
    public func fetchObjectIDs<T: ManagedObject>(_ request: FetchRequest<T>) throws -> [ObjectID] {
        let request = resolvingEntity(request)
        let (fetch, affected) = try storeFetch(for: request)
        guard affected else { return try persistentStoreCoordinator.store().fetchIDs(fetch) }
        return try fetchObjects(request).map(\.objectID)
    }

    /// The objects `request` would fetch as dictionaries of ``FetchRequest/propertiesToFetch``
    /// (every attribute when nil): attribute values, and to-one relationships as
    /// ``PredicateValue/object(_:)`` IDs; unset values are left out. External binary values
    /// are read from their files.
    /// - Throws: ``FetchRequestError/unknownProperty(entity:key:)`` for a property that is
    ///   neither an attribute nor a to-one relationship; otherwise as ``fetch(_:)``.
    public func fetchDictionaries<T: ManagedObject>(_ request: FetchRequest<T>) throws -> [[String: PredicateValue]] {
        let request = resolvingEntity(request)
        guard let entity = managedObjectModel.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let names = request.propertiesToFetch ?? entity.allAttributes.filter { !$0.isTransient }.map(\.name)
        for name in names {
            let isToOne = entity.relationship(named: name).map { !$0.isToMany } ?? false
            guard entity.attribute(named: name) != nil || isToOne else {
                throw FetchRequestError.unknownProperty(entity: entity.name, key: name)
            }
        }
        var plain = request
        plain.fetchBatchSize = 0
        plain.relationshipKeyPathsForPrefetching = []
        return try fetchObjects(plain).map { object in
            var dictionary: [String: PredicateValue] = [:]
            for name in names {
                let value: PredicateValue
                if entity.attribute(named: name)?.type == .binary {
                    value = object[name, as: Data.self].map(PredicateValue.data) ?? .null
                } else {
                    switch object.predicateProperty(named: name) {
                    case .value(let stored): value = stored
                    case .object(let destination?):
                        value = destination.predicateObjectID.map(PredicateValue.object) ?? .null
                    default: value = .null
                    }
                }
                if value != .null { dictionary[name] = value }
            }
            return dictionary
        }
    }
}
