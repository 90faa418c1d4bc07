import Foundation
import ObjectGraph

/// Another process's editor for the two-process conflict test (ConflictTests): opens the store,
/// sets the text of the note named `name`, saves, and prints `saved <version-count>` once the
/// save returned.
struct NoteEditor {
    /// The store file.
    let storeURL: URL
    /// The note to change.
    let name: String
    /// Its new text.
    let text: String

    /// The model the child and the test share.
    static let model: ManagedObjectModel? = try? ManagedObjectModel(entities: [
        EntityDescription(
            "Note",
            attributes: [
                AttributeDescription("name", .string, isOptional: false),
                AttributeDescription("text", .string),
                AttributeDescription("stars", .integer64, defaultValue: Int64(0))
            ])
    ])

    /// Changes the note and saves.
    /// - Throws: store and save errors; ``ObjectGraphError/objectNotFound(_:)``-like failures as a
    ///   `CocoaError` when there is no such note.
    func run() throws {
        guard let model = Self.model else { throw CocoaError(.featureUnsupported) }
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: storeURL)
        let context = ManagedObjectContext(coordinator: coordinator)
        let request = FetchRequest(entityName: "Note", predicate: try FetchPredicate(format: "name == %@", name))
        guard let note = try context.fetch(request).first else { throw CocoaError(.fileReadNoSuchFile) }
        note["text"] = text
        try context.save()
        FileHandle.standardOutput.write(Data("saved \(name)\n".utf8))
    }
}
