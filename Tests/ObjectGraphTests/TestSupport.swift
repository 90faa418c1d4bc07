import CSQLite
import Foundation
import Testing

@testable import ObjectGraph

/// Every store type, for `@Test(arguments:)`.
let allStoreTypes = PersistentStoreType.allCases

/// A coordinator and a context over a fresh store of one type in a fresh temporary directory
/// (removed again when the stack goes away).
final class TestStack {
    let directory: URL
    let model: ManagedObjectModel
    let type: PersistentStoreType
    let options: PersistentStoreOptions
    private(set) var coordinator: PersistentStoreCoordinator
    private(set) var context: ManagedObjectContext

    init(
        model: ManagedObjectModel, type: PersistentStoreType, options: PersistentStoreOptions = PersistentStoreOptions()
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.model = model
        self.type = type
        var options = options
        // `OG_TEST_ENCRYPTED_SQLITE=1 swift test` runs every SQLite stack on an encrypted store
        // (tests that read the file with SQLite directly cannot pass then).
        if type == .sqlite, options.encryptionKey == nil,
            ProcessInfo.processInfo.environment["OG_TEST_ENCRYPTED_SQLITE"] == "1"
        {
            options.encryptionKey = try StoreEncryptionKey(
                bytes: [UInt8](repeating: 0x42, count: StoreEncryptionKey.byteCount))
        }
        self.options = options
        coordinator = PersistentStoreCoordinator(model: model)
        context = ManagedObjectContext(coordinator: coordinator)
        try coordinator.addPersistentStore(type: type, at: storeURL, options: options)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The store file (nil in memory).
    var storeURL: URL? {
        switch type {
        case .sqlite: directory.appendingPathComponent("Test.sqlite")
        case .binary: directory.appendingPathComponent("Test.graph")
        case .inMemory: nil
        }
    }

    /// The blob directory beside the store (nil in memory).
    var blobDirectory: URL? { coordinator.persistentStores.first?.blobDirectory }

    /// Another context over the same coordinator.
    func newContext() -> ManagedObjectContext { ManagedObjectContext(coordinator: coordinator) }

    /// Closes and reopens the store from its file with a new coordinator and context
    /// (in memory, where nothing outlives the coordinator, only the context is new).
    func reopen() throws {
        if type != .inMemory {
            coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(type: type, at: storeURL, options: options)
        }
        context = ManagedObjectContext(coordinator: coordinator)
    }
}

/// Rows of `sql` run directly with SQLite on the database at `url`, every column as text (nil for NULL).
func sqliteRows(_ sql: String, at url: URL) throws -> [[String?]] {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else {
        throw SQLiteError(extendedResultCode: 14, message: "cannot open", sql: sql)
    }
    defer { sqlite3_close_v2(handle) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
        throw SQLiteError(
            extendedResultCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            sql: sql)
    }
    defer { sqlite3_finalize(statement) }
    var rows: [[String?]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        rows.append(
            (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            })
    }
    return rows
}

/// The committed blob files under `directory` (temporary files left out), as hashes.
func blobHashes(in directory: URL?) -> Set<String> {
    guard let directory, let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    else {
        return []
    }
    var result = Set<String>()
    for case let url as URL in enumerator where url.lastPathComponent.count == 64 {
        result.insert(url.lastPathComponent)
    }
    return result
}

/// Bytes that differ from run to run, `count` long.
func randomData(_ count: Int) -> Data {
    Data((0..<count).map { _ in UInt8.random(in: 0...255) })
}

/// All objects of `entityName`.
func fetchAll(
    _ entityName: String, in context: ManagedObjectContext,
    sortedBy key: String? = nil
) throws -> [ManagedObject] {
    try context.fetch(FetchRequest(entityName: entityName, sortOrderings: key.map { [SortOrdering($0)] } ?? []))
}

/// A model the tests know to be valid; a mistake in one stops the run at once, naming it.
func makeModel(_ entities: [EntityDescription]) -> ManagedObjectModel {
    do {
        return try ManagedObjectModel(entities: entities)
    } catch {
        preconditionFailure("a test model is invalid: \(error)")
    }
}

/// Runs `sql` directly with SQLite on the database at `url`; returns the rows it changed.
func sqliteWrite(_ sql: String, at url: URL) throws -> Int32 {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
        throw SQLiteError(extendedResultCode: 14, message: "cannot open", sql: sql)
    }
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
        throw SQLiteError(
            extendedResultCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            sql: sql)
    }
    return sqlite3_changes(handle)
}
