import Foundation
import Testing
@testable import ObjectGraph

/// SIGKILLs a child saving objects with external blobs (`og-crash-child store`) at random
/// moments, 50 times; after each kill the store must open, pass `PRAGMA integrity_check`,
/// have every referenced blob file complete on disk (also after a sweep), and hold every
/// save that returned success.
@Suite struct CrashConsistencyTests {
    private static let model = makeModel([
        EntityDescription("Asset", attributes: [
            AttributeDescription("seq", .integer64, isOptional: false, isIndexed: true),
            AttributeDescription("payload", .binary, allowsExternalStorage: true),
        ]),
    ])

    @Test func killedSavesNeverLoseOrDangle() throws {
        let child = try #require(ProcessKiller.builtExecutable(named: "og-crash-child"),
                                 "build the og-crash-child product first (swift build), or set OG_CRASH_CHILD")
        let scratch = try ScratchDirectory("store-crash")
        let storeURL = scratch.appending("Crash.sqlite")
        var killer = ProcessKiller(seed: 0x5709_E5AF_E, delayRange: 20...300)
        var acknowledged = Set<Int64>()
        for run in 1...50 {
            let outcome = try killer.runAndKill(child, arguments: ["store", storeURL.path])
            #expect(outcome.wasKilled, "run \(run): child ended by itself (\(outcome.status)): \(outcome.standardError)")
            acknowledged.formUnion(outcome.lines.compactMap { line in
                line.hasPrefix("saved ") ? Int64(line.dropFirst("saved ".count)) : nil
            })
            try verify(storeURL: storeURL, acknowledged: acknowledged, run: run)
        }
        // Without saves between the kills the test would prove nothing.
        #expect(acknowledged.count >= 10, "only \(acknowledged.count) saves in 50 runs")
    }

    private func verify(storeURL: URL, acknowledged: Set<Int64>, run: Int) throws {
        let coordinator = PersistentStoreCoordinator(model: Self.model)
        try coordinator.addPersistentStore(type: .sqlite, at: storeURL, options: PersistentStoreOptions(externalStorageThreshold: 1024))
        #expect(try coordinator.integrityProblems().isEmpty, "run \(run)")
        // Files a killed save left unreferenced are swept; every referenced one must survive it whole.
        _ = try coordinator.blobGarbage(olderThan: 0, remove: true)
        let blobStore = try BlobStore(directory: try #require(coordinator.persistentStores.first?.blobDirectory))
        for row in try sqliteRows("SELECT payload_sha256, payload_size FROM Asset WHERE payload_sha256 IS NOT NULL", at: storeURL) {
            let hash = try #require(row[0]), size = try #require(row[1].flatMap { Int64($0) })
            #expect(try blobStore.verify(BlobReference(sha256: hash, byteCount: size)), "run \(run): blob \(hash) is damaged")
        }
        let stored = Set(try sqliteRows("SELECT seq FROM Asset", at: storeURL).compactMap { $0[0].flatMap { Int64($0) } })
        #expect(acknowledged.isSubset(of: stored), "run \(run): acknowledged saves are missing")
    }
}
