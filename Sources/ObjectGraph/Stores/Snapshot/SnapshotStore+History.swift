import Foundation

/// The persistent history of the in-memory and binary stores: kept in the graph (the binary
/// store writes it with the rest of the file, in the same atomic rename as the save).
extension SnapshotStore {
    /// Appends the record of one save to `graph`'s history, with the tombstones of the rows it
    /// deleted as `before` (the graph before the save) holds them.
    static func recordHistory(
        of changes: StoreChanges, insertedKeys: [Int64], before: GraphSnapshot, model: ManagedObjectModel,
        in graph: inout GraphSnapshot
    ) {
        var tombstones: [ObjectID: PersistentHistoryTombstone] = [:]
        for id in changes.deleted {
            guard let entity = model.entity(named: id.entityName), PersistentHistoryTombstone.isKept(by: entity),
                let key = id.primaryKey, let record = before.tables[entity.rootName]?.records[key]
            else { continue }
            tombstones[id] = PersistentHistoryTombstone.of(entity) { index in
                index < record.attributes.count ? record.attributes[index] : nil
            }
        }
        let groups = HistoryRecord.groups(of: changes, insertedKeys: insertedKeys, tombstones: tombstones)
        guard !groups.isEmpty else { return }
        let number = (graph.lastHistoryNumber ?? 0) + 1
        graph.lastHistoryNumber = number
        graph.history =
            (graph.history ?? []) + [
                HistoryRecord(
                    number: number, timestamp: Date(), author: changes.author,
                    contextName: changes.contextName, groups: groups)
            ]
    }

    func historyRecords(after number: Int64?, since date: Date?) throws -> [HistoryRecord] {
        (currentSnapshot.history ?? []).filter { record in
            record.number > (number ?? 0) && date.map { record.timestamp > $0 } ?? true
        }
    }

    func lastHistoryNumber() throws -> Int64? { currentSnapshot.history?.last?.number }

    func historyBounds() throws -> (oldestKept: Int64?, lastRecorded: Int64?) {
        let graph = currentSnapshot
        return (graph.history?.first?.number, graph.lastHistoryNumber)
    }

    func deleteHistory(through number: Int64?, before date: Date?) throws -> Int {
        try snapshot.withLock { snapshot in
            var graph = snapshot
            let history = graph.history ?? []
            let kept = history.filter { record in
                !((number.map { record.number <= $0 } ?? true) && (date.map { record.timestamp < $0 } ?? true))
            }
            guard kept.count != history.count else { return 0 }
            graph.history = kept
            if let url { try BinaryStoreFile.write(graph, to: url) }
            snapshot = graph
            return history.count - kept.count
        }
    }
}
