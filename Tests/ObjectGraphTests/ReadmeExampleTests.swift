import Foundation
import Testing
import ObjectGraph

// The README's "ObjectGraph in a few lines", verbatim, so it keeps compiling and working.

final class Note: ManagedObject {
    var title: String? { get { self["title"] } set { self["title"] = newValue } }
}

func readmeExample(storeURL: URL) throws -> [String] {
    let model = try ManagedObjectModel(entities: [
        EntityDescription("Note", managedObjectClass: Note.self, attributes: [
            AttributeDescription("title", .string, isOptional: false),
        ]),
    ])
    let coordinator = PersistentStoreCoordinator(model: model)
    try coordinator.addPersistentStore(type: .sqlite, at: storeURL)
    let context = ManagedObjectContext(coordinator: coordinator)

    let note = try context.insert(Note.self)
    note.title = "Hello, graph"
    try context.save()

    let notes = try context.fetch(FetchRequest(Note.self, entityName: "Note",
                                               predicate: .equals("title", .string("Hello, graph"))))
    return notes.compactMap(\.title)
}

@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleWorks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try readmeExample(storeURL: directory.appendingPathComponent("Notes.sqlite")) == ["Hello, graph"])
    }
}
