import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// A lightweight migration of an encrypted SQLite store: its backup copy is encrypted under the
/// same key and private, so migrating never leaves the diary readable beside itself.
@Suite struct EncryptedMigrationTests {
    static let first = makeModel([
        EntityDescription("Note", attributes: [AttributeDescription("name", .string, isOptional: false)])
    ])
    static let second = makeModel([
        EntityDescription(
            "Note",
            attributes: [
                AttributeDescription("name", .string, isOptional: false),
                AttributeDescription("mood", .string)
            ])
    ])

    static func open(_ model: ManagedObjectModel, at url: URL, key: StoreEncryptionKey) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: encryptedOptions(key))
        return ManagedObjectContext(coordinator: coordinator)
    }

    @Test func theBackupOfAMigratedEncryptedStoreIsEncryptedUnderItsKeyAndPrivate() throws {
        let folder = try TemporaryDirectory(prefix: "og-encrypted-migration")
        let url = folder.url.appendingPathComponent("Diary.sqlite")
        let key = try testKey()
        do {
            let context = try Self.open(Self.first, at: url, key: key)
            let note = try context.insertObject(entityName: "Note")
            note["name"] = "a private word"
            try context.save()
        }
        _ = umask(0o022)
        _ = try Self.open(Self.second, at: url, key: key)
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.contains(".backup-")
        }
        let name = try #require(backups.first, "no backup in \(backups)")
        let backup = folder.url.appendingPathComponent(name)
        let bytes = try Data(contentsOf: backup)
        #expect(!bytes.starts(with: Data("SQLite format 3\0".utf8)), "the backup is a plaintext database")
        #expect(!contains(bytes, "a private word"))
        let attributes = try FileManager.default.attributesOfItem(atPath: backup.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // It is the old store, whole, under the same key.
        let old = try Self.open(Self.first, at: backup, key: key)
        #expect(try fetchAll("Note", in: old).map { $0.value(forKey: "name") as? String } == ["a private word"])
    }
}
