import Foundation
import ObjectGraph

// The cost of persistent history: the insert row's save of 100,000 objects into a store that
// records history, beside the same save into one that does not, alternating in one run.

/// Reports `insert-100k-save-history` (baseline: the same insert with history off; target ≤ 1.1x).
func runObjectGraphHistoryBenchmark(
    reporter: BenchmarkReporter, model: ManagedObjectModel, runs: Int,
    freshURL: @escaping () -> URL,
    insertAll: @escaping (ManagedObjectContext) throws -> Void
) throws {
    func context(recordingHistory: Bool) throws -> ManagedObjectContext {
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = recordingHistory
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: freshURL(), options: options)
        return ManagedObjectContext(coordinator: coordinator)
    }
    let (withHistory, without) = try BenchmarkReporter.alternatingMedians(
        runs: runs,
        value: (prepare: { try context(recordingHistory: true) }, body: { try insertAll($0) }),
        baseline: (prepare: { try context(recordingHistory: false) }, body: { try insertAll($0) }))
    reporter.report("insert-100k-save-history", value: withHistory, baseline: without)
}
