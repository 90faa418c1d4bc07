import Foundation

extension ManagedObjectContext {
    /// Runs `request` in the store, without loading the objects it deletes (see
    /// ``BatchDeleteRequest``), and tells the contexts: this context lets go of the deleted objects
    /// it holds (out of every relationship here, with an objects-did-change event), and contexts
    /// that merge automatically (``automaticallyMergesChangesFromParent``) are sent the deleted IDs
    /// as a save's. Unsaved changes of this context are not saved first, and are not part of it.
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``; ``ObjectGraphError/validationFailed(_:)``
    ///   when a deny rule forbids the delete (nothing is deleted); ``PredicateSQLError`` for a
    ///   predicate the store cannot run; ``StoreFailure``, ``StoreError``, ``SQLiteError`` when the store fails.
    @discardableResult
    public func execute(_ request: BatchDeleteRequest) throws -> BatchDeleteResult {
        mergeInboxIfNeeded()
        guard let entity = managedObjectModel.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let store = try persistentStoreCoordinator.store()
        let fetch = StoreFetch(
            entity: entity, includesSubentities: true, predicate: request.predicate,
            sortOrderings: [], limit: nil, offset: 0)
        // The IDs are read back only when someone needs them; otherwise this context checks the
        // few objects of the entity it holds against the store afterwards.
        let names = Set(entity.hierarchyNames)
        var held: [ObjectID] = []
        registry.forEach { object in
            if names.contains(object.entity.name) { held.append(object.objectID) }
        }
        let listening = persistentStoreCoordinator.saveHub.hasListeners(besides: mergeInbox)
        let collectsIDs = request.resultType == .objectIDs || listening || held.count > 1_000
        let (count, ids) = try store.batchDelete(
            fetch, collectsIDs: collectsIDs, author: transactionAuthor,
            contextName: name)
        var deleted = ids
        if !collectsIDs && !held.isEmpty {
            let remaining = Set(try persistentStoreCoordinator.store().rows(for: held).map(\.objectID))
            deleted = held.filter { !remaining.contains($0) }
        }
        let summary = SaveSummary(inserted: [], updated: [], deleted: deleted)
        mergeChanges(fromContextDidSave: summary)
        if listening { persistentStoreCoordinator.saveHub.deliver(summary, from: mergeInbox) }
        return BatchDeleteResult(count: count, objectIDs: request.resultType == .objectIDs ? ids : nil)
    }
}
