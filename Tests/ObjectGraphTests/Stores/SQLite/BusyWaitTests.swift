import CSQLite
import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite struct BusyWaitTests {
    /// Two coordinators (two connections, as two processes) insert in many small saves at once.
    @Test func twoWritersHammeringOneStoreBothSucceed() async throws {
        let scratch = try TemporaryDirectory(prefix: "busy")
        let url = scratch.appending("Busy.sqlite")
        _ = try TwoEditors.context(at: url)  // creates the store before both start
        let saves = 40
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let context = try TwoEditors.context(at: url)
                    for index in 0..<saves {
                        let note = try context.insertObject(entityName: "Note")
                        note.setValue("\(writer)-\(index)", forKey: "name")
                        try context.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let count = try sqliteRows("SELECT count(*), count(DISTINCT name) FROM Note", at: url)
        #expect(count.first == ["\(2 * saves)", "\(2 * saves)"])
    }

    /// A writer holding the lock past the timeout gives a typed busy error, and nothing is lost.
    @Test func aLockHeldTooLongIsStoreBusy() throws {
        let scratch = try TemporaryDirectory(prefix: "busy")
        let url = scratch.appending("Busy.sqlite")
        let context = try TwoEditors.context(at: url, options: PersistentStoreOptions(busyTimeoutMilliseconds: 50))
        var handle: OpaquePointer?
        #expect(sqlite3_open(url.path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        #expect(sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)

        let note = try context.insertObject(entityName: "Note")
        note.setValue("waiting", forKey: "name")
        let error = try #require(throws: StoreFailure.self) { try context.save() }
        guard case .busy(let path, let waited) = error else { Issue.record("not busy: \(error)"); return }
        #expect(path == url.path && waited >= 50)
        #expect(context.hasChanges && note.isInserted)

        #expect(sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) == SQLITE_OK)
        try context.save()
        #expect(try sqliteRows("SELECT name FROM Note", at: url) == [["waiting"]])
    }
}
