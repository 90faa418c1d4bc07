import Foundation

extension ManagedObjectContext {
    /// The objects matching `request`, sorted and paged. Unsaved inserts and changes of this
    /// context are taken into account; unsaved deletes are left out. One row is one object:
    /// an object the context already holds is returned as is (its unsaved changes kept).
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``, ``ObjectGraphError/unknownKey(entity:key:)``
    ///   for a sort key, ``PredicateSQLError`` or ``PredicateEvaluationError`` for a predicate
    ///   naming unknown keys, store errors.
    public func fetch<T: ManagedObject>(_ request: FetchRequest<T>) throws -> [T] {
        let request = resolvingEntity(request)
        let objects = try fetchObjects(request)
        if !request.relationshipKeyPathsForPrefetching.isEmpty {
            try prefetch(request.relationshipKeyPathsForPrefetching, for: objects)
        }
        // Every object is a `T` when every entity the request reaches has `T` (or a subclass)
        // for its class: reinterpret the array instead of casting 100,000 elements one by one.
        // bench: objectgraph/fetch-100k-typed
        if T.self == ManagedObject.self || entitiesInstantiate(T.self, for: request.entityName) {
            return unsafeBitCast(objects, to: [T].self)
        }
        return objects.compactMap { $0 as? T }
    }

    /// Whether objects of entity `name` and of its sub-entities are all instances of `type`.
    private func entitiesInstantiate<T: ManagedObject>(_ type: T.Type, for name: String) -> Bool {
        guard let entity = managedObjectModel.entity(named: name) else { return false }
        return entity.hierarchyNames.allSatisfy { member in
            managedObjectModel.entity(named: member).map { $0.managedObjectClass is T.Type } ?? false
        }
    }

    /// How many objects `request` would fetch.
    /// - Throws: as ``fetch(_:)``.
    public func count<T: ManagedObject>(for request: FetchRequest<T>) throws -> Int {
        let request = resolvingEntity(request)
        let (fetch, affected) = try storeFetch(for: request)
        guard affected else { return try rowSource().count(fetch) }
        return try fetchObjects(request).count
    }

    /// `request` naming the entity the model maps its result class to, when ``FetchRequest/init(_:)``
    /// took the name from the class (which may be mapped to an entity of another name).
    func resolvingEntity<T: ManagedObject>(_ request: FetchRequest<T>) -> FetchRequest<T> {
        guard request.entityNameIsTypeName, let entity = managedObjectModel.entity(for: T.self) else { return request }
        var resolved = request
        resolved.entityName = entity.name
        resolved.entityNameIsTypeName = false
        return resolved
    }

    func storeFetch<T>(for request: FetchRequest<T>) throws -> (StoreFetch, affected: Bool) {
        mergeInboxIfNeeded()
        guard let entity = managedObjectModel.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        var fetch = StoreFetch(
            entity: entity, includesSubentities: request.includesSubentities,
            predicate: request.predicate, sortOrderings: request.sortOrderings,
            limit: request.effectiveFetchLimit, offset: request.fetchOffset,
            fullTextSearch: request.fullTextSearch, defersBinaryValues: defersBinaryValues)
        for ordering in request.sortOrderings { try entity.checkSortKeyPath(ordering, model: managedObjectModel) }
        if let search = request.fullTextSearch { _ = try search.searchedAttributes(of: entity) }
        let names = Set(fetch.entityNames)
        let affected =
            insertedList.contains { $0.isInserted && names.contains($0.entity.name) }
            || updated.contains { names.contains($0.entity.name) }
            || deleted.contains { names.contains($0.entity.name) }
        if affected {
            fetch.limit = nil
            fetch.offset = 0
        }
        return (fetch, affected)
    }

    func fetchObjects<T>(_ request: FetchRequest<T>) throws -> [ManagedObject] {
        let (fetch, affected) = try storeFetch(for: request)
        if request.fetchBatchSize > 0 && !affected {
            return try fetchInBatches(fetch, batchSize: request.fetchBatchSize)
        }
        var objects: [ManagedObject] = []
        // Unretained: `objects` holds every one of them until the hooks below have run, so the
        // list costs no reference counting per object (four atomic operations each, ~10 % of a
        // typed fetch of 100,000 objects).
        // bench: objectgraph/fetch-100k-typed
        var loaded: [Unmanaged<ManagedObject>] = []
        let asFaults = request.returnsObjectsAsFaults && !affected
        // Plain ManagedObject instances have no awakeFromFetch to call.
        let mayAwake = fetch.entityNames.contains {
            managedObjectModel.entity(named: $0)?.managedObjectClass != ManagedObject.self
        }
        try rowSource().fetch(fetch) { row in
            let (object, didLoad) = materialize(&row, asFault: asFaults)
            if didLoad && mayAwake { loaded.append(Unmanaged.passUnretained(object)) }
            // The last use: the array takes the reference materialize handed over.
            objects.append(consume object)
        }
        // Hooks run after the store is unlocked, so they may fire faults.
        withExtendedLifetime(objects) {
            for object in loaded { object._withUnsafeGuaranteedRef { $0.awakeFromFetch() } }
        }
        guard affected else { return objects }

        // Merge this context's unsaved state: drop deleted objects and changed ones that no
        // longer match, add changed and inserted ones that now do, then sort and page again.
        let names = Set(fetch.entityNames)
        let predicate = request.predicate
        let search = try request.fullTextSearch.map { ($0, try $0.searchedAttributes(of: fetch.entity)) }
        func matches(_ object: ManagedObject) throws -> Bool {
            if let (search, attributes) = search, !search.matches(object, attributes: attributes) { return false }
            return try predicate?.evaluate(with: object) ?? true
        }
        var result: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        for object in objects where !object.isDeleted {
            if object.isUpdated, try !matches(object) { continue }
            result.append(object)
            seen.insert(ObjectIdentifier(object))
        }
        for object in updated
        where !object.isDeleted && names.contains(object.entity.name)
            && !seen.contains(ObjectIdentifier(object))
        {
            if try matches(object) { result.append(object) }
        }
        for object in insertedList where object.isInserted && names.contains(object.entity.name) {
            if try matches(object) { result.append(object) }
        }
        result = SortOrdering.sorted(result, by: request.sortOrderings) { $0 }
        let start = min(request.fetchOffset, result.count)
        let end = request.effectiveFetchLimit.map { min(result.count, start + $0) } ?? result.count
        return Array(result[start..<end])
    }
}
