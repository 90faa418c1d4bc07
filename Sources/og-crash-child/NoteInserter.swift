import Foundation
import ObjectGraph
import ObjectGraphCrashSupport

/// Saves `count` notes titled `<prefix> <i>`, one save each, to the ``CrashStore`` in
/// `storeDirectory`, as one of several processes writing the same store at once (the
/// concurrent-writer tests); prints `inserted <count>` when every save returned.
struct NoteInserter {
    let storeDirectory: URL
    let prefix: String
    let count: Int
    let encrypted: Bool

    /// - Throws: ``StoreError``, ``ConcurrencyError`` or ``StoreEncryptionError`` from the store.
    func run() throws {
        var options = try CrashStore.options(encrypted: encrypted)
        options.busyTimeoutMilliseconds = 20_000
        let coordinator = PersistentStoreCoordinator(model: CrashStore.model)
        try coordinator.addPersistentStore(type: .sqlite, at: CrashStore.storeURL(in: storeDirectory), options: options)
        let context = ManagedObjectContext(coordinator: coordinator)
        let base = Int64(getpid()) * 1_000_000
        for index in 0..<count {
            let note = try context.insertObject(entityName: "Note")
            note.setValue("\(prefix) \(index)", forKey: "title")
            note.setValue(base + Int64(index), forKey: "serial")
            note.setValue(Data(repeating: UInt8(index & 0xff), count: 64 + index % 2_000), forKey: "payload")
            try context.save()
        }
        print("inserted \(count)")
    }
}
