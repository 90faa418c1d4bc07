import Foundation

@testable import ObjectGraph

/// A data key made of one repeated byte (tests need keys that are equal across calls).
func testKey(_ byte: UInt8 = 0x5A) throws -> StoreEncryptionKey {
    try StoreEncryptionKey(bytes: [UInt8](repeating: byte, count: StoreEncryptionKey.byteCount))
}

/// Options that open a store encrypted with `key`.
func encryptedOptions(_ key: StoreEncryptionKey) -> PersistentStoreOptions {
    var options = PersistentStoreOptions()
    options.encryptionKey = key
    return options
}

/// The bytes of the database at `url` and of its -wal and -shm files (nil for a missing one).
func storeFiles(_ url: URL) -> [Data?] {
    ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: url.path + $0) }
}

/// Whether `needle` occurs in `haystack`.
func contains(_ haystack: Data?, _ needle: String) -> Bool {
    guard let haystack else { return false }
    return haystack.range(of: Data(needle.utf8)) != nil
}

/// Flips bit `bit` of byte `offset` of the file at `url`.
func flipBit(at offset: Int, bit: UInt8 = 0, in url: URL) throws {
    let handle = try FileHandle(forUpdating: url)
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    var byte = try handle.read(upToCount: 1) ?? Data([0])
    byte[0] ^= 1 << bit
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: byte)
}

/// Every entry title of the store at `url`, sorted.
func allTitles(at url: URL, options: PersistentStoreOptions) throws -> [String] {
    let coordinator = PersistentStoreCoordinator(model: queryModel)
    try coordinator.addPersistentStore(type: .sqlite, at: url, options: options)
    let context = ManagedObjectContext(coordinator: coordinator)
    return try context.fetch(FetchRequest(entityName: "Entry")).compactMap { $0["title", as: String.self] }.sorted()
}
