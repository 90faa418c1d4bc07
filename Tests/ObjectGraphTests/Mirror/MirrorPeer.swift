import Foundation

@testable import ObjectGraph

/// The model the mirror tests use: notes (a UUID, text that keeps concurrent edits, stars, an
/// attached file, when they went to the bin) with tags (many-to-many, named uniquely) and parts (deleted with their note).
let mirrorModel: ManagedObjectModel = {
    do {
        return try ManagedObjectModel(
            entities: [
                EntityDescription(
                    "Note",
                    attributes: [
                        AttributeDescription("uuid", .uuid, isOptional: false),
                        AttributeDescription("text", .string),
                        AttributeDescription("stars", .integer64, defaultValue: Int64(0)),
                        AttributeDescription("file", .binary, allowsExternalStorage: true),
                        AttributeDescription("binned", .date)
                    ],
                    relationships: [
                        RelationshipDescription("tags", destination: "Tag", inverse: "notes", isToMany: true),
                        RelationshipDescription(
                            "parts", destination: "Part", inverse: "note", isToMany: true, deleteRule: .cascade)
                    ], uniquenessConstraints: [["uuid"]]),
                EntityDescription(
                    "Tag", attributes: [AttributeDescription("name", .string, isOptional: false)],
                    relationships: [
                        RelationshipDescription("notes", destination: "Note", inverse: "tags", isToMany: true)
                    ],
                    uniquenessConstraints: [["name"]]),
                EntityDescription(
                    "Part", attributes: [AttributeDescription("label", .string)],
                    relationships: [RelationshipDescription("note", destination: "Note", inverse: "parts")])
            ] + MirrorBookkeeping.entities(linkingTo: ["Note", "Tag", "Part"]))
    } catch {
        preconditionFailure("the mirror test model is invalid: \(error)")
    }
}()

/// One device of a mirror test: a store recording history, and its mirror.
final class MirrorPeer {
    let name: String
    let stack: TestStack
    let mirror: StoreMirror

    init(
        _ name: String, type: PersistentStoreType = .sqlite, partIdentityAttributes: [String: String] = [:],
        snapshotInterval: Int = MirrorConfiguration(deviceName: "").snapshotInterval
    ) throws {
        self.name = name
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = true
        stack = try TestStack(model: mirrorModel, type: type, options: options)
        var configuration = MirrorConfiguration(
            identityAttributes: ["Note": "uuid", "Tag": "name"],
            partIdentityAttributes: partIdentityAttributes,
            textMergingAttributes: ["Note.text"], withdrawingAttributes: ["Note.binned"], deviceName: name)
        configuration.passphraseCost = (operations: 1, memoryBytes: 8 << 10)
        configuration.snapshotInterval = snapshotInterval
        mirror = StoreMirror(
            coordinator: stack.coordinator, configuration: configuration,
            scratchFolder: stack.directory.appending(component: "mirror"))
    }

    /// A fresh context on the store (the mirror saves in contexts of its own).
    func context() -> ManagedObjectContext { ManagedObjectContext(coordinator: stack.coordinator) }

    func create(on remote: any MirrorRemote, passphrase: String = "correct horse") throws {
        try Array(passphrase.utf8).withUnsafeBytes {
            try mirror.create(remote: remote, address: remote.displayName, passphrase: $0)
        }
    }

    func join(_ remote: any MirrorRemote, passphrase: String = "correct horse") throws {
        try Array(passphrase.utf8).withUnsafeBytes {
            try mirror.join(remote: remote, address: remote.displayName, passphrase: $0)
        }
    }

    /// Gives this device the identifier `device` after it joined, before its first sync
    /// (identifiers are random, and a device applies the others' change sets in the order of
    /// their identifiers).
    func setDevice(_ device: String) throws {
        let book = try MirrorBook(context: mirror.makeContext())
        try book.set(StoreMirror.Setting.device, device)
        try book.save()
    }

    @discardableResult
    func sync(_ remote: any MirrorRemote) throws -> MirrorSyncSummary { try mirror.sync(remote: remote) }

    /// Two devices on `remote` whose clocks are `skews` off, both holding one note the first wrote.
    static func pair(
        _ names: (String, String), skews: (TimeInterval, TimeInterval), on remote: any MirrorRemote,
        text: String, stars: Int64 = 0
    ) throws -> (MirrorPeer, MirrorPeer, UUID) {
        let first = try MirrorPeer(names.0), second = try MirrorPeer(names.1)
        first.mirror.clockSkew = skews.0
        second.mirror.clockSkew = skews.1
        let note = try first.addNote(text, stars: stars)
        try first.create(on: remote)
        try second.join(remote)
        try first.sync(remote)
        try second.sync(remote)
        return (first, second, note)
    }

    /// Inserts and saves a note.
    @discardableResult
    func addNote(_ text: String, tags: [String] = [], stars: Int64 = 0, parts: [String] = []) throws -> UUID {
        let context = context()
        let note = try context.insertObject(entityName: "Note")
        let uuid = UUID()
        note["uuid"] = uuid
        note["text"] = text
        note["stars"] = stars
        for name in tags { note.add(try tag(name, in: context), to: "tags") }
        for label in parts {
            let part = try context.insertObject(entityName: "Part")
            part["label"] = label
            part.setValue(note, forKey: "note")
        }
        try context.save()
        return uuid
    }

    func tag(_ name: String, in context: ManagedObjectContext) throws -> ManagedObject {
        let found = try context.fetch(
            FetchRequest(ManagedObject.self, entityName: "Tag", predicate: .equals("name", .string(name))))
        if let tag = found.first { return tag }
        let tag = try context.insertObject(entityName: "Tag")
        tag["name"] = name
        return tag
    }

    /// Changes the note `uuid` with `change` and saves; false when it is not here.
    @discardableResult
    func edit(_ uuid: UUID, _ change: (ManagedObject, ManagedObjectContext) throws -> Void) throws -> Bool {
        let context = context()
        guard
            let note = try context.fetch(
                FetchRequest(
                    ManagedObject.self, entityName: "Note",
                    predicate: .equals("uuid", .uuid(uuid)))
            ).first
        else { return false }
        try change(note, context)
        try context.save()
        return true
    }

    /// Every note as text: uuid, text, stars, sorted tags, sorted part labels, file hash; sorted.
    func snapshot() throws -> [String] {
        let context = context()
        return try context.fetch(FetchRequest(ManagedObject.self, entityName: "Note")).map { note in
            let tags = (note.value(forKey: "tags") as? Set<ManagedObject> ?? []).compactMap {
                $0["name", as: String.self]
            }.sorted()
            let parts = (note.value(forKey: "parts") as? Set<ManagedObject> ?? []).map {
                $0["label", as: String.self] ?? "-"
            }.sorted()
            let file = (note["file", as: Data.self]).map { SHA256Hasher.hex(of: $0) } ?? "-"
            return [
                note["uuid", as: UUID.self]?.uuidString ?? "?", note["text", as: String.self] ?? "-",
                String(note["stars", as: Int64.self] ?? -1), tags.joined(separator: ","), parts.joined(separator: ","),
                file
            ]
            .joined(separator: "|") + (note["binned", as: Date.self] == nil ? "" : "|binned")
        }.sorted()
    }

    /// Every mirrored object's clock, by identity (what later merges compare).
    func clocks() throws -> [String: MirrorObjectClock] {
        var clocks: [String: MirrorObjectClock] = [:]
        for record in try context().fetch(FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.recordEntity))
        {
            guard let identity = record["identity", as: String.self], let data = record["clock", as: Data.self] else {
                continue
            }
            clocks[identity] = try JSONDecoder().decode(MirrorObjectClock.self, from: data)
        }
        return clocks
    }

    /// The tag names in the store, sorted.
    func tagNames() throws -> [String] {
        try context().fetch(FetchRequest(ManagedObject.self, entityName: "Tag")).compactMap {
            $0["name", as: String.self]
        }.sorted()
    }
}
