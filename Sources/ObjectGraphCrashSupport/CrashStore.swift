import Foundation
import ObjectGraph

/// The store that `og-crash-child objects` writes and ObjectGraphCrashTests reopens after
/// every kill: one definition for both, so the model hashes always agree.
public enum CrashStore {
    /// Values above this many bytes go to blob files: low, to keep the data small.
    public static let externalStorageThreshold = 1024

    /// The options both sides open the store with.
    public static var options: PersistentStoreOptions {
        PersistentStoreOptions(externalStorageThreshold: externalStorageThreshold)
    }

    /// The options of the encrypted variant (`og-crash-child objects DIR --encrypted`): the same,
    /// with a fixed test key (a test store's key, never a user's).
    public static func options(encrypted: Bool) throws -> PersistentStoreOptions {
        var options = options
        if encrypted { options.encryptionKey = try StoreEncryptionKey(bytes: (0..<32).map { UInt8($0 &* 7 &+ 3) }) }
        return options
    }

    /// The store file inside `directory` (its blobs go to `Crash.blobs` beside it).
    public static func storeURL(in directory: URL) -> URL {
        directory.appending(component: "Crash.sqlite")
    }

    /// `Note(title, serial indexed, payload external)` owning `Attachment(name, payload external)`s,
    /// deleted with their note (cascade).
    public static let model: ManagedObjectModel = {
        do {
            return try ManagedObjectModel(entities: [
                EntityDescription(
                    "Note",
                    attributes: [
                        AttributeDescription("title", .string, isOptional: false),
                        AttributeDescription("serial", .integer64, isOptional: false, isIndexed: true),
                        AttributeDescription("payload", .binary, allowsExternalStorage: true)
                    ],
                    relationships: [
                        RelationshipDescription(
                            "attachments", destination: "Attachment", inverse: "note",
                            isToMany: true, deleteRule: .cascade)
                    ]),
                EntityDescription(
                    "Attachment",
                    attributes: [
                        AttributeDescription("name", .string),
                        AttributeDescription("payload", .binary, allowsExternalStorage: true)
                    ],
                    relationships: [
                        RelationshipDescription("note", destination: "Note", inverse: "attachments")
                    ])
            ])
        } catch {
            preconditionFailure("the crash model is valid: \(error)")
        }
    }()
}
