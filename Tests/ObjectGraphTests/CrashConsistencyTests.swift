import Foundation
import Testing
@testable import ObjectGraph

/// A child process saving objects with external blobs is killed with SIGKILL again and again;
/// after each kill the store must open, pass `PRAGMA integrity_check`, have every referenced
/// blob file complete on disk, and hold every save that returned success.
///
/// The same test is both sides: run normally it is the parent, and it starts this test binary
/// again with `OBJECTGRAPH_CRASH_CHILD` set, which makes that copy the saving child.
@Suite struct CrashConsistencyTests {
    private static let childVariable = "OBJECTGRAPH_CRASH_CHILD"
    private static let kills = 50
    private static let options = PersistentStoreOptions(externalStorageThreshold: 1024)
    private static let model = makeModel([
        EntityDescription("Asset", attributes: [
            AttributeDescription("seq", .integer64, isOptional: false, isIndexed: true),
            AttributeDescription("payload", .binary, allowsExternalStorage: true),
        ]),
    ])

    @Test func killedSavesNeverLoseOrDangle() throws {
        if let path = ProcessInfo.processInfo.environment[Self.childVariable] {
            try Self.runChild(storeURL: URL(fileURLWithPath: path))
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storeURL = directory.appendingPathComponent("Crash.sqlite")
        var acknowledged = Set<Int64>()
        for _ in 0..<Self.kills {
            acknowledged.formUnion(try Self.runAndKillChild(storeURL: storeURL, afterEvents: Int.random(in: 1...12)))
            try Self.verify(storeURL: storeURL, acknowledged: acknowledged)
        }
        #expect(!acknowledged.isEmpty)
    }

    /// Starts the child, kills it with SIGKILL after it reported `events` events, and returns
    /// the sequence numbers whose save it reported as returned.
    private static func runAndKillChild(storeURL: URL, afterEvents events: Int) throws -> Set<Int64> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "CrashConsistencyTests"]
        process.environment = ProcessInfo.processInfo.environment.merging([childVariable: storeURL.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while text.components(separatedBy: "OG-EVENT").count - 1 < events {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line -> Int64? in
            guard line.hasPrefix("OG-EVENT ok ") else { return nil }
            return Int64(line.dropFirst("OG-EVENT ok ".count))
        })
    }

    private static func verify(storeURL: URL, acknowledged: Set<Int64>) throws {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: storeURL, options: options)
        #expect(try sqliteRows("PRAGMA integrity_check", at: storeURL) == [["ok"]])
        // Files a killed save left unreferenced are swept; referenced ones must all survive it.
        try coordinator.sweepUnreferencedBlobs()
        let blobDirectory = try #require(coordinator.persistentStores.first?.blobDirectory)
        for row in try sqliteRows("SELECT payload_sha256 FROM Asset WHERE payload_sha256 IS NOT NULL", at: storeURL) {
            let hash = try #require(row.first ?? nil)
            let file = blobDirectory.appendingPathComponent(String(hash.prefix(2)))
                .appendingPathComponent(String(hash.dropFirst(2).prefix(2))).appendingPathComponent(hash)
            let contents = try Data(contentsOf: file)
            #expect(SHA256Hasher.hex(of: contents) == hash)
        }
        let stored = Set(try sqliteRows("SELECT seq FROM Asset", at: storeURL).compactMap { $0.first.flatMap { $0 }.flatMap { Int64($0) } })
        #expect(acknowledged.isSubset(of: stored))
    }

    /// The child: saves forever, one new asset and one replaced blob per save, reporting each.
    private static func runChild(storeURL: URL) throws {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: storeURL, options: options)
        let context = ManagedObjectContext(coordinator: coordinator)
        var request = FetchRequest(entityName: "Asset", sortOrderings: [SortOrdering("seq", ascending: false)])
        request.fetchLimit = 1
        var previous = try context.fetch(request).first
        var sequence = (previous?["seq", as: Int64.self] ?? 0) + 1
        for _ in 0..<10_000 {
            let asset = try context.insertObject(entityName: "Asset")
            asset.setValue(sequence, forKey: "seq")
            asset.setValue(randomData(Int.random(in: 1500...4000)), forKey: "payload")
            previous?.setValue(randomData(Int.random(in: 1500...4000)), forKey: "payload")
            FileHandle.standardOutput.write(Data("OG-EVENT begin \(sequence)\n".utf8))
            try context.save()
            FileHandle.standardOutput.write(Data("OG-EVENT ok \(sequence)\n".utf8))
            previous = asset
            sequence += 1
        }
    }
}
