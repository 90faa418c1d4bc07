import Foundation

extension SnapshotStore {
    /// Finds the matched rows in the current snapshot, sets the values and writes them as one save
    /// (which checks their versions, records the history and, for the binary store, writes the file).
    func batchUpdate(
        _ request: StoreFetch, values: [BatchUpdateValue], collectsIDs: Bool,
        author: String?, contextName: String?
    ) throws -> (count: Int, ids: [ObjectID]) {
        var plain = request
        plain.sortOrderings = []
        plain.limit = nil
        plain.offset = 0
        let keys = Set(values.map(\.key))
        var changes = StoreChanges()
        changes.author = author
        changes.contextName = contextName
        for var row in try rows(plain) {
            for value in values {
                guard let index = row.entity.attributeIndex(value.key), index < row.attributes.count else { continue }
                row.attributes[index] = value.value
            }
            row.version += 1
            changes.updated.append(row)
            changes.updatedKeys.append(keys)
        }
        guard !changes.updated.isEmpty else { return (0, []) }
        _ = try save(changes)
        return (changes.updated.count, changes.updated.map(\.objectID))
    }
}
