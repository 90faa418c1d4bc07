import Foundation

extension ManagedObjectContext {
    /// Runs `request` in the store, without loading the objects it updates (see
    /// ``BatchUpdateRequest``), and tells the contexts: this context's registered objects whose
    /// rows changed are refreshed from the store (an objects-did-change event; keys this context
    /// edited go by its merge policy), and contexts that merge automatically
    /// (``automaticallyMergesChangesFromParent``) are sent the updated IDs as a save's. The
    /// persistent history records the update when the store records history. Unsaved changes
    /// of this context are not saved first, and are not part of it.
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``, ``ObjectGraphError/unknownKey(entity:key:)``,
    ///   ``BatchUpdateError`` for a key or value the request may not set (nothing is written);
    ///   ``PredicateSQLError`` for a predicate the store cannot run;
    ///   ``ObjectGraphError/uniquenessViolation(entity:keys:)``; ``StoreFailure``, ``StoreError``, ``SQLiteError`` when
    /// the store fails.
    @discardableResult
    public func execute(_ request: BatchUpdateRequest) throws -> BatchUpdateResult {
        mergeInboxIfNeeded()
        guard let entity = managedObjectModel.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let values = try checkedValues(of: request, entity: entity)
        let store = try persistentStoreCoordinator.store()
        let fetch = StoreFetch(
            entity: entity, includesSubentities: true, predicate: request.predicate,
            sortOrderings: [], limit: nil, offset: 0)
        let names = Set(entity.hierarchyNames)
        var holdsAny = false
        registry.forEach { object in
            if !holdsAny && names.contains(object.entity.name) { holdsAny = true }
        }
        let listening = persistentStoreCoordinator.saveHub.hasListeners(besides: mergeInbox)
        let collectsIDs = request.resultType == .objectIDs || listening || holdsAny
        let (count, ids) = try store.batchUpdate(
            fetch, values: values, collectsIDs: collectsIDs,
            author: transactionAuthor, contextName: name)
        if !ids.isEmpty {
            let summary = SaveSummary(inserted: [], updated: ids, deleted: [])
            mergeChanges(fromContextDidSave: summary)
            if listening { persistentStoreCoordinator.saveHub.deliver(summary, from: mergeInbox) }
        }
        return BatchUpdateResult(count: count, objectIDs: request.resultType == .objectIDs ? ids : nil)
    }

    /// The request's values as stored values, each checked against its attribute, in key order.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, ``BatchUpdateError``.
    private func checkedValues(of request: BatchUpdateRequest, entity: EntityDescription) throws -> [BatchUpdateValue] {
        guard !request.propertiesToUpdate.isEmpty else { throw BatchUpdateError.nothingToUpdate(entity: entity.name) }
        var values: [BatchUpdateValue] = []
        for (key, value) in request.propertiesToUpdate.sorted(by: { $0.key < $1.key }) {
            guard let index = entity.attributeIndex(key) else {
                if entity.relationshipIndexes[key] != nil {
                    throw BatchUpdateError.relationship(entity: entity.name, key: key)
                }
                throw ObjectGraphError.unknownKey(entity: entity.name, key: key)
            }
            let attribute = entity.allAttributes[index]
            if attribute.isTransient { throw BatchUpdateError.transientAttribute(entity: entity.name, key: key) }
            if attribute.type == .binary && attribute.allowsExternalStorage {
                throw BatchUpdateError.externallyStoredAttribute(entity: entity.name, key: key)
            }
            guard let stored = StoredValue(value, for: attribute.type) else {
                throw BatchUpdateError.invalidValue(
                    entity: entity.name, key: key,
                    rule: "expects a \(attribute.type.swiftTypeName), got \(value)")
            }
            if let rule = violatedRule(of: attribute, value: stored) {
                throw BatchUpdateError.invalidValue(entity: entity.name, key: key, rule: rule)
            }
            values.append(BatchUpdateValue(key: key, value: stored))
        }
        return values
    }
}
