import Foundation

/// A store that deletes rows matching a fetch without handing them to a context.
protocol BatchDeletingStore: RowStore {
    /// Deletes the rows `request` matches (its sort and paging ignored) and, by the delete rules,
    /// their cascaded destinations, in one write transaction; returns how many rows it deleted and,
    /// when `collectsIDs` (or when it had to read them anyway), their IDs.
    /// Blob files no remaining row refers to are removed afterwards. With persistent history the
    /// deletion is recorded as one transaction of `author` and `contextName`, in the same write.
    /// - Throws: ``ObjectGraphError/validationFailed(_:)`` when a deny rule forbids it (nothing deleted);
    ///   ``StoreFailure``, ``StoreError``, ``SQLiteError`` when the store fails.
    func batchDelete(_ request: StoreFetch, collectsIDs: Bool, author: String?,
                     contextName: String?) throws -> (count: Int, ids: [ObjectID])
}

extension ValidationProblem {
    /// A deny rule forbids deleting the row of `id` in a batch delete.
    static func deniedBatchDelete(of id: ObjectID, relationship: String) -> ValidationProblem {
        ValidationProblem(objectID: id, entityName: id.entityName, key: relationship,
                          rule: "cannot be deleted while '\(relationship)' still has objects (deny rule)")
    }
}
