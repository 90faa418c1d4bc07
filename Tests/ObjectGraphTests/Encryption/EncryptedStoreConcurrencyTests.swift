import Foundation
import ObjectGraphCrashSupport
import TestSupport
import Testing

@testable import ObjectGraph

@Suite struct EncryptedStoreConcurrencyTests {
    /// Three processes (`og-crash-child insert … --encrypted`) save notes one by one into the same
    /// encrypted store at once; every note arrives, and every page authenticates.
    @Test func threeProcessesWriteOneEncryptedStoreAtOnce() throws {
        let child = try #require(
            ProcessKiller.builtExecutable(named: "og-crash-child"),
            "build the og-crash-child product first (swift build), or set OG_CRASH_CHILD")
        let scratch = try TemporaryDirectory(prefix: "encrypted-writers")
        let count = 60
        let processes = try (0..<3).map { index -> (Process, Pipe) in
            let process = Process()
            process.executableURL = child
            process.arguments = ["insert", scratch.url.path, "writer\(index)", "\(count)", "--encrypted"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return (process, errors)
        }
        for (process, errors) in processes {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)")
        }
        let url = CrashStore.storeURL(in: scratch.url)
        let options = try CrashStore.options(encrypted: true)
        let key = try #require(options.encryptionKey)
        #expect(try PersistentStoreCoordinator.isEncryptedDatabase(at: url))
        do {
            let coordinator = PersistentStoreCoordinator(model: CrashStore.model)
            try coordinator.addPersistentStore(type: .sqlite, at: url, options: options)
            let titles = try ManagedObjectContext(coordinator: coordinator).fetch(FetchRequest(entityName: "Note"))
                .compactMap { $0["title", as: String.self] }
            #expect(Set(titles) == Set((0..<3).flatMap { writer in (0..<count).map { "writer\(writer) \($0)" } }))
            // Read-only beside a writer's connection, as `diary list` beside `diary new`.
            var readOnly = options
            readOnly.isReadOnly = true
            let reader = PersistentStoreCoordinator(model: CrashStore.model)
            try reader.addPersistentStore(type: .sqlite, at: url, options: readOnly)
            #expect(
                try ManagedObjectContext(coordinator: reader).fetch(FetchRequest(entityName: "Note")).count == 3 * count
            )
        }
        #expect(try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: url, key: key) == [])
    }
}
