import Foundation
import ObjectGraph

/// Another process's save for the two-process persistent history test (PersistentHistoryTests):
/// opens the store recording history, and in one save as author `author` (context `history-child`)
/// inserts notes `new1` and `new2`, sets the text of `keep` and deletes `gone`; prints
/// `saved history` once the save returned.
struct HistoryWriter {
    /// The store file.
    let storeURL: URL
    /// The transaction author to record.
    let author: String

    /// Makes the changes and saves.
    /// - Throws: store and save errors; a `CocoaError` when a note is missing.
    func run() throws {
        guard let model = NoteEditor.model else { throw CocoaError(.featureUnsupported) }
        let coordinator = PersistentStoreCoordinator(model: model)
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = true
        try coordinator.addPersistentStore(type: .sqlite, at: storeURL, options: options)
        let context = ManagedObjectContext(coordinator: coordinator)
        context.transactionAuthor = author
        context.name = "history-child"
        func note(_ name: String) throws -> ManagedObject {
            let request = FetchRequest(entityName: "Note", predicate: try FetchPredicate(format: "name == %@", name))
            guard let note = try context.fetch(request).first else { throw CocoaError(.fileReadNoSuchFile) }
            return note
        }
        for name in ["new1", "new2"] {
            let inserted = try context.insertObject(entityName: "Note")
            inserted["name"] = name
        }
        try note("keep")["text"] = "written by the child"
        context.delete(try note("gone"))
        try context.save()
        FileHandle.standardOutput.write(Data("saved history\n".utf8))
    }
}
