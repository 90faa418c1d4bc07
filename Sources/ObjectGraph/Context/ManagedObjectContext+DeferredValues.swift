import Foundation

extension ManagedObjectContext {
    /// The stored value of attribute `index` of `object`'s row, for a value a fetch deferred;
    /// `.null` when the row is gone or the store cannot be read.
    func deferredValue(ofAttributeAt index: Int, of object: ManagedObject) -> StoredValue {
        guard !object.objectID.isTemporaryID,
              let value = try? persistentStoreCoordinator.store().storedValue(ofAttributeAt: index, of: object.objectID)
        else { return .null }
        return value
    }
}
