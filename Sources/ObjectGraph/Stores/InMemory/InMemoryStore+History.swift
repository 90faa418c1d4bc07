import Foundation

/// The persistent history of the in-memory and binary stores: kept in the graph (the binary
/// store writes it with the rest of the file, in the same atomic rename as the save).
extension InMemoryStore: PersistentHistoryStore {
    /// Appends the record of one save to `graph`'s history.
    static func recordHistory(of changes: StoreChanges, insertedKeys: [Int64], in graph: inout GraphSnapshot) {
        let groups = HistoryRecord.groups(of: changes, insertedKeys: insertedKeys)
        guard !groups.isEmpty else { return }
        let number = (graph.lastHistoryNumber ?? 0) + 1
        graph.lastHistoryNumber = number
        graph.history = (graph.history ?? []) + [HistoryRecord(number: number, timestamp: Date(), author: changes.author,
                                                               contextName: changes.contextName, groups: groups)]
    }

    func historyRecords(after number: Int64?, since date: Date?) throws -> [HistoryRecord] {
        (currentSnapshot.history ?? []).filter { record in
            record.number > (number ?? 0) && date.map { record.timestamp > $0 } ?? true
        }
    }

    func lastHistoryNumber() throws -> Int64? { currentSnapshot.history?.last?.number }

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
