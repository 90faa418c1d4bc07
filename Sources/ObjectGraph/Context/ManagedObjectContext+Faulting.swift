import Foundation

// Faulting: how a fault's values come from the store when it is first touched, alone or with
// the other faults of its batch, and how a binary value a fetch left in the store is read.

/// The IDs of one batch of a batched fetch (see ``FetchRequest/fetchBatchSize``): touching any
/// of its faults fills all of them with one query.
final class FaultBatch {
    let ids: [ObjectID]

    init(ids: [ObjectID]) { self.ids = ids }
}

extension ManagedObjectContext {
    /// Loads a fault's values from the store. A row that is gone leaves the values nil.
    func fulfillFault(_ object: ManagedObject) {
        if object.holdsFetchedRow { return object.takeFetchedRow() }
        if fulfillBatch(of: object) { return }
        object.isFault = false
        if var row = try? rowSource().row(for: object.objectID) {
            apply(&row, to: object)
            object.awakeFromFetch()
        } else {
            object.values = object.entity.allAttributes.map { _ in .null }
            object.commitValues()
            object.slots = object.entity.allRelationships.map { $0.isToMany ? .toMany([]) : .toOne(nil) }
            object.committedToOne = object.entity.allRelationships.map { _ in nil }
        }
    }

    /// Fetches only the IDs `fetch` matches and hands out faults, grouped in batches of
    /// `batchSize` that fill together.
    func fetchInBatches(_ fetch: StoreFetch, batchSize: Int) throws -> [ManagedObject] {
        let ids = try persistentStoreCoordinator.store().fetchIDs(fetch)
        var objects: [ManagedObject] = []
        objects.reserveCapacity(ids.count)
        var start = ids.startIndex
        while start < ids.endIndex {
            let batch = FaultBatch(ids: Array(ids[start..<min(start + batchSize, ids.endIndex)]))
            for id in batch.ids {
                let object = object(with: id)
                objects.append(object)
                if object.isFault { faultBatches[id] = batch }
            }
            start += batchSize
        }
        return objects
    }

    /// Fills `object` and the other faults of its batch with one query. Returns false when the
    /// object has no batch or its row is gone (the caller then fills it alone).
    func fulfillBatch(of object: ManagedObject) -> Bool {
        guard !faultBatches.isEmpty, let batch = faultBatches.removeValue(forKey: object.objectID) else { return false }
        let faults = batch.ids.compactMap { registeredObject(for: $0) }.filter(\.isFault)
        for fault in faults { faultBatches.removeValue(forKey: fault.objectID) }
        guard let rows = try? persistentStoreCoordinator.store().rows(for: faults.map(\.objectID)) else { return false }
        var loaded: [ManagedObject] = []
        for var row in rows {
            let (filled, didLoad) = materialize(&row, asFault: false)
            if didLoad { loaded.append(filled) }
        }
        for filled in loaded { filled.awakeFromFetch() }
        return !object.isFault
    }

    /// The stored value of attribute `index` of `object`'s row, for a value a fetch deferred;
    /// `.null` when the row is gone or the store cannot be read.
    func deferredValue(ofAttributeAt index: Int, of object: ManagedObject) -> StoredValue {
        guard !object.objectID.isTemporaryID,
            let value = try? persistentStoreCoordinator.store().storedValue(ofAttributeAt: index, of: object.objectID)
        else { return .null }
        return value
    }
}
