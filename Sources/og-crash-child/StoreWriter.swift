import Foundation
import ObjectGraph

/// Saves to an ObjectGraph SQLite store in a loop: each save inserts an asset with the next
/// sequence number and an externally stored blob, and gives the previous asset a new blob (so
/// the old file's last reference goes away). Prints `saved <seq>` after each save returns.
struct StoreWriter {
    /// The store file.
    let storeURL: URL
    /// A safety stop for a child nobody kills.
    let limit = 10_000

    /// The model the child and the test share.
    static let model: ManagedObjectModel? = try? ManagedObjectModel(entities: [
        EntityDescription("Asset", attributes: [
            AttributeDescription("seq", .integer64, isOptional: false, isIndexed: true),
            AttributeDescription("payload", .binary, allowsExternalStorage: true),
        ]),
    ])

    /// Blobs above 1 KiB go to files, so nearly every save writes some.
    static let options = PersistentStoreOptions(externalStorageThreshold: 1024)

    /// Saves until killed or until ``limit`` saves are done.
    /// - Throws: store and save errors.
    func run() throws {
        guard let model = Self.model else { throw CocoaError(.featureUnsupported) }
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: storeURL, options: Self.options)
        let context = ManagedObjectContext(coordinator: coordinator)
        var request = FetchRequest(entityName: "Asset", sortOrderings: [SortOrdering("seq", ascending: false)])
        request.fetchLimit = 1
        var previous = try context.fetch(request).first
        var sequence = (previous?["seq", as: Int64.self] ?? 0) + 1
        for _ in 0..<limit {
            let asset = try context.insertObject(entityName: "Asset")
            asset["seq"] = sequence
            asset["payload"] = Self.payload()
            previous?["payload"] = Self.payload()
            try context.save()
            FileHandle.standardOutput.write(Data("saved \(sequence)\n".utf8))
            previous = asset
            sequence += 1
        }
    }

    /// 1.5 to 4 KiB of fresh random bytes.
    private static func payload() -> Data {
        Data((0..<Int.random(in: 1500...4000)).map { _ in UInt8.random(in: 0...255) })
    }
}
