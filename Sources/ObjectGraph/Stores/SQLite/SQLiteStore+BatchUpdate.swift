internal import CSQLite
import Foundation

// Batch updates in SQL: one `UPDATE … SET … WHERE <compiled predicate>`, the rows never become
// objects. `Z_OPT` is bumped so a context holding an older version sees a conflict on save.
// The keys are read back (`RETURNING`) only when the caller or the persistent history needs them.

extension SQLiteStore {
    func batchUpdate(
        _ request: StoreFetch, values: [BatchUpdateValue], collectsIDs: Bool,
        author: String?, contextName: String?
    ) throws -> (count: Int, ids: [ObjectID]) {
        guard let layout = schema.layouts[request.entity.name] else { return (0, []) }
        var plain = request
        plain.sortOrderings = []
        plain.limit = nil
        plain.offset = 0
        var assignments: [String] = []
        for value in values {
            guard let index = request.entity.attributeIndex(value.key), index < layout.attributeColumns.count,
                let column = layout.attributeColumns[index]
            else {
                throw ObjectGraphError.unknownKey(entity: request.entity.name, key: value.key)
            }
            assignments.append("\(quote(column)) = ?")
        }
        assignments.append("\"Z_OPT\" = \"Z_OPT\" + 1")
        let (whereSQL, bindings) = try whereClause(for: plain, layout: layout)
        let readsBack = collectsIDs || recordsPersistentHistory
        let sql =
            "UPDATE \(quote(layout.table)) AS t0 SET " + assignments.joined(separator: ", ") + whereSQL
            + (readsBack ? " RETURNING \"Z_PK\", \"Z_ENT\"" : "")
        return try withConnection { connection in
            do {
                return try writeTransaction(connection) {
                    let statement = try connection.statement(sql)
                    defer { statement.reset() }
                    for (index, value) in values.enumerated() { try statement.bind(value.value, at: Int32(index + 1)) }
                    for (index, value) in bindings.enumerated() {
                        try statement.bind(value, at: Int32(values.count + index + 1))
                    }
                    guard readsBack else {
                        try statement.run()
                        return (Int(connection.changes), [])
                    }
                    var ids: [ObjectID] = []
                    while try statement.step() {
                        guard let name = schema.entityNamesByNumber[statement.int64(1)] else { continue }
                        ids.append(
                            .permanent(entityName: name, storeIdentifier: identifier, primaryKey: statement.int64(0)))
                    }
                    statement.reset()
                    if recordsPersistentHistory && !ids.isEmpty {
                        var changes = StoreChanges()
                        changes.author = author
                        changes.contextName = contextName
                        let keys = Set(values.map(\.key))
                        for id in ids {
                            guard let entity = model.entity(named: id.entityName) else { continue }
                            // The history reads only each row's entity and ID.
                            changes.updated.append(
                                StoreRow(entity: entity, objectID: id, version: 0, attributes: [], toOne: []))
                            changes.updatedKeys.append(keys)
                        }
                        try recordHistory(of: changes, insertedKeys: [], connection: connection)
                    }
                    return (ids.count, ids)
                }
            } catch let error as SQLiteError where SQLiteResultCode.constraintUnique ~= error.code {
                throw uniquenessError(error)
            }
        }
    }
}
