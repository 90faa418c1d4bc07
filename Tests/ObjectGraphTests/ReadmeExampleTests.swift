import Foundation
import ObjectGraph
import Testing

// The README's "ObjectGraph in a few lines", verbatim, so it keeps compiling and working.

final class Note: ManagedObject {
    @Attribute var title: String
    @Attribute(.indexed) var created: Date
    @Attribute var pinned = false
}

func readmeExample(storeURL: URL) throws -> [String] {
    let model = try ManagedObjectModel(types: [Note.self])
    let coordinator = PersistentStoreCoordinator(model: model)
    try coordinator.addPersistentStore(type: .sqlite, at: storeURL)
    let context = ManagedObjectContext(coordinator: coordinator)

    let note = try context.insert(Note.self)
    note.title = "Hello, graph"
    note.created = Date()
    try context.save()

    let notes = try context.fetch(FetchRequest(Note.self).where(\.title == "Hello, graph").sorted(by: \.created))
    return notes.map(\.title)
}

@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleWorks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("og-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try readmeExample(storeURL: directory.appendingPathComponent("Notes.sqlite")) == ["Hello, graph"])
    }
}
