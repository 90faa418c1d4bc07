import Foundation

/// One attribute a batch update sets: its name and its value, already checked against the model.
struct BatchUpdateValue: Sendable {
    var key: String
    var value: StoredValue
}

/// A store that updates rows matching a fetch without handing them to a context.
protocol BatchUpdatingStore: RowStore {
    /// Sets `values` on the rows `request` matches (its sort and paging ignored), bumping each
    /// row's version, in one write transaction, and records the update in the persistent history
    /// when the store records it (under `author` and `contextName`). Returns how many rows it
    /// updated and, when `collectsIDs` (or when it had to read them anyway), their IDs.
    /// - Throws: ``ObjectGraphError/uniquenessViolation(entity:keys:)``, ``StoreFailure``, ``StoreError``, ``SQLiteError`` when the store fails.
    func batchUpdate(_ request: StoreFetch, values: [BatchUpdateValue], collectsIDs: Bool,
                     author: String?, contextName: String?) throws -> (count: Int, ids: [ObjectID])
}
