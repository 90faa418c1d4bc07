import CSQLite
import Foundation
import Testing

@testable import ObjectGraph

// Three versions of a small diary model.
// v1 → v2: Entry.title renamed heading; Entry.mood added (required, default 3); Entry.body made
//          required with default ""; index on Entry.created added; Entry.tag (to-one) becomes
//          Entry.tags (to-many, join table); Tag.name made unique; Note removed; Place added.
// v2 → v3: Entry renamed DiaryEntry; index on created removed; Medium.entry renamed diaryEntry
//          (and the inverse named accordingly); Medium.caption added with a default.
// v3 keeps v2's renaming identifiers, so a v1 store migrates to it directly.

private let migrationV1 = makeModel([
    EntityDescription(
        "Entry",
        attributes: [
            AttributeDescription("title", .string), AttributeDescription("body", .string),
            AttributeDescription("created", .date)
        ],
        relationships: [
            RelationshipDescription(
                "media", destination: "Medium", inverse: "entry", isToMany: true, deleteRule: .cascade),
            RelationshipDescription("tag", destination: "Tag", inverse: nil)
        ]),
    EntityDescription(
        "Medium",
        attributes: [
            AttributeDescription("fileName", .string),
            AttributeDescription("data", .binary, allowsExternalStorage: true)
        ], relationships: [RelationshipDescription("entry", destination: "Entry", inverse: "media")]),
    EntityDescription("Tag", attributes: [AttributeDescription("name", .string)]),
    EntityDescription("Note", attributes: [AttributeDescription("text", .string)])
])

private let migrationV2 = makeModel([
    EntityDescription(
        "Entry",
        attributes: [
            AttributeDescription("heading", .string, renamingIdentifier: "title"),
            AttributeDescription("body", .string, isOptional: false, defaultValue: ""),
            AttributeDescription("created", .date, isIndexed: true),
            AttributeDescription("mood", .integer16, isOptional: false, defaultValue: Int16(3))
        ],
        relationships: [
            RelationshipDescription(
                "media", destination: "Medium", inverse: "entry", isToMany: true, deleteRule: .cascade),
            RelationshipDescription("tags", destination: "Tag", inverse: nil, isToMany: true, renamingIdentifier: "tag")
        ]),
    EntityDescription(
        "Medium",
        attributes: [
            AttributeDescription("fileName", .string),
            AttributeDescription("data", .binary, allowsExternalStorage: true)
        ], relationships: [RelationshipDescription("entry", destination: "Entry", inverse: "media")]),
    EntityDescription("Tag", attributes: [AttributeDescription("name", .string)], uniquenessConstraints: [["name"]]),
    EntityDescription("Place", attributes: [AttributeDescription("name", .string, isOptional: false)])
])

private let migrationV3 = makeModel([
    EntityDescription(
        "DiaryEntry",
        attributes: [
            AttributeDescription("heading", .string, renamingIdentifier: "title"),
            AttributeDescription("body", .string, isOptional: false, defaultValue: ""),
            AttributeDescription("created", .date),
            AttributeDescription("mood", .integer16, isOptional: false, defaultValue: Int16(3))
        ],
        relationships: [
            RelationshipDescription(
                "media", destination: "Medium", inverse: "diaryEntry", isToMany: true, deleteRule: .cascade),
            RelationshipDescription("tags", destination: "Tag", inverse: nil, isToMany: true, renamingIdentifier: "tag")
        ], renamingIdentifier: "Entry"),
    EntityDescription(
        "Medium",
        attributes: [
            AttributeDescription("fileName", .string),
            AttributeDescription("data", .binary, allowsExternalStorage: true),
            AttributeDescription("caption", .string, defaultValue: "untitled")
        ],
        relationships: [
            RelationshipDescription(
                "diaryEntry", destination: "DiaryEntry", inverse: "media", renamingIdentifier: "entry")
        ]),
    EntityDescription("Tag", attributes: [AttributeDescription("name", .string)], uniquenessConstraints: [["name"]]),
    EntityDescription("Place", attributes: [AttributeDescription("name", .string, isOptional: false)])
])

/// A store directory for one test, removed afterwards.
private final class StoreDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("og-migration-\(UUID().uuidString)")
    let type: PersistentStoreType
    static let options = PersistentStoreOptions(externalStorageThreshold: 1024)

    init(_ type: PersistentStoreType) throws {
        self.type = type
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var storeURL: URL { url.appendingPathComponent(type == .sqlite ? "Diary.sqlite" : "Diary.graph") }
    var blobDirectory: URL { url.appendingPathComponent("Diary.blobs") }

    /// A context over the store opened with `model` (migrating it if needed).
    func open(_ model: ManagedObjectModel, at file: URL? = nil) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: type, at: file ?? storeURL, options: Self.options)
        return ManagedObjectContext(coordinator: coordinator)
    }

    /// The store file's bytes (with its WAL's, if any), to show a refused migration changed nothing.
    func storeBytes() throws -> [Data] {
        let wal = URL(fileURLWithPath: storeURL.path + "-wal")
        return try [Data(contentsOf: storeURL)]
            + (FileManager.default.fileExists(atPath: wal.path) ? [Data(contentsOf: wal)] : [])
    }

    /// Files in the directory whose name marks them as backups.
    func backups() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.contains(".backup-") }
    }
}

/// The v1 data set: two entries, two media (one large enough to live in a blob file), two tags, a note.
private struct DiaryData {
    let large = randomData(5000)
    let small = randomData(100)
    let created = Date(timeIntervalSince1970: 1_700_000_000)

    func write(to directory: StoreDirectory, duplicateTag: Bool = false) throws {
        let context = try directory.open(migrationV1)
        let travel = try context.insertObject(entityName: "Tag")
        travel.setValue("Travel", forKey: "name")
        let work = try context.insertObject(entityName: "Tag")
        work.setValue(duplicateTag ? "Travel" : "Work", forKey: "name")
        let lisbon = try context.insertObject(entityName: "Entry")
        lisbon.setValue("Lisbon", forKey: "title")
        lisbon.setValue("sunny", forKey: "body")
        lisbon.setValue(created, forKey: "created")
        lisbon.setValue(travel, forKey: "tag")
        let home = try context.insertObject(entityName: "Entry")
        home.setValue("Home", forKey: "title")
        for (name, data) in [("a.jpg", large), ("b.jpg", small)] {
            let medium = try context.insertObject(entityName: "Medium")
            medium.setValue(name, forKey: "fileName")
            medium.setValue(data, forKey: "data")
            medium.setValue(lisbon, forKey: "entry")
        }
        let note = try context.insertObject(entityName: "Note")
        note.setValue("scratch", forKey: "text")
        try context.save()
    }

    /// Checks the data as the v2 or v3 model sees it.
    func check(_ context: ManagedObjectContext, entity: String, entryKey: String) throws {
        let entries = try fetchAll(entity, in: context, sortedBy: "heading")
        #expect(entries.map { $0.value(forKey: "heading") as? String } == ["Home", "Lisbon"])
        #expect(entries.map { $0.value(forKey: "body") as? String } == ["", "sunny"])
        #expect(entries.map { $0.value(forKey: "mood") as? Int16 } == [3, 3])
        #expect(entries.last?.value(forKey: "created") as? Date == created)
        let lisbon = try #require(entries.last)
        #expect(lisbon.objects(forKey: "tags").map { $0.value(forKey: "name") as? String } == ["Travel"])
        #expect(entries.first?.objects(forKey: "tags").isEmpty == true)
        let media = try fetchAll("Medium", in: context, sortedBy: "fileName")
        #expect(media.map { $0.value(forKey: "data") as? Data } == [large, small])
        #expect(media.allSatisfy { ($0.value(forKey: entryKey) as? ManagedObject) === lisbon })
        #expect(lisbon.objects(forKey: "media").count == 2)
        #expect(media.first?.isBinaryValueExternal(forKey: "data") == true)
        #expect(
            try fetchAll("Tag", in: context, sortedBy: "name").map { $0.value(forKey: "name") as? String } == [
                "Travel", "Work"
            ])
    }
}

@Suite struct MigrationTests {
    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func migratesStepByStepThroughThreeVersions(type: PersistentStoreType) throws {
        let directory = try StoreDirectory(type)
        let data = DiaryData()
        try data.write(to: directory)
        let blobs = blobHashes(in: directory.blobDirectory)
        #expect(blobs == [SHA256Hasher.hex(of: data.large)])

        try data.check(try directory.open(migrationV2), entity: "Entry", entryKey: "entry")
        try data.check(try directory.open(migrationV2), entity: "Entry", entryKey: "entry")
        if type == .sqlite {
            let tables = try sqliteRows(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", at: directory.storeURL)
            #expect(tables.compactMap(\.first) == ["Entry", "Medium", "Place", "Tag", "Z_Entry_tags", "Z_METADATA"])
            #expect(
                try sqliteRows("SELECT name FROM sqlite_master WHERE name = 'Entry_created'", at: directory.storeURL)
                    .count == 1)
        }
        try data.check(try directory.open(migrationV3), entity: "DiaryEntry", entryKey: "diaryEntry")
        #expect(
            try fetchAll("Medium", in: try directory.open(migrationV3)).map { $0.value(forKey: "caption") as? String }
                == ["untitled", "untitled"])
        if type == .sqlite {
            #expect(
                try sqliteRows("SELECT count(*) FROM sqlite_master WHERE name LIKE '%created%'", at: directory.storeURL)
                    == [["0"]])
            #expect(try sqliteRows("PRAGMA integrity_check", at: directory.storeURL) == [["ok"]])
        }
        // No blob file was added or removed on the way.
        #expect(blobHashes(in: directory.blobDirectory) == blobs)
        #expect(try directory.backups().count == 2)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func migratesFromTheFirstVersionToTheThirdDirectly(type: PersistentStoreType) throws {
        let directory = try StoreDirectory(type)
        let data = DiaryData()
        try data.write(to: directory)
        let blobs = blobHashes(in: directory.blobDirectory)
        let context = try directory.open(migrationV3)
        try data.check(context, entity: "DiaryEntry", entryKey: "diaryEntry")
        #expect(context.persistentStoreCoordinator.persistentStores.first?.modelVersionHash == migrationV3.versionHash)
        #expect(blobHashes(in: directory.blobDirectory) == blobs)

        // The backup is the v1 store as it was: it opens with the v1 model.
        let backup = try #require(try directory.backups().first)
        #expect(
            backup.lastPathComponent == directory.storeURL.lastPathComponent + ".backup-"
                + migrationV1.versionHash.prefix(12))
        let old = try directory.open(migrationV1, at: backup)
        #expect(
            try fetchAll("Entry", in: old, sortedBy: "title").map { $0.value(forKey: "title") as? String } == [
                "Home", "Lisbon"
            ])
        #expect(try fetchAll("Note", in: old).count == 1)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func refusesIncompatibleChangesListingEachAndLeavesTheStoreAsItWas(type: PersistentStoreType) throws {
        let directory = try StoreDirectory(type)
        try DiaryData().write(to: directory)
        let before = try directory.storeBytes()
        let incompatible = makeModel([
            EntityDescription(
                "Entry",
                attributes: [
                    AttributeDescription("title", .integer64), AttributeDescription("body", .string, isOptional: false),
                    AttributeDescription("created", .date)
                ], relationships: [RelationshipDescription("tag", destination: "Tag", inverse: nil)]),
            EntityDescription("Tag", attributes: [AttributeDescription("name", .string)]),
            EntityDescription("Medium", parent: "Tag", attributes: [AttributeDescription("fileName", .string)])
        ])
        #expect {
            _ = try directory.open(incompatible)
        } throws: { error in
            guard case MigrationError.incompatibleChanges(let path, let changes) = error else { return false }
            return path == directory.storeURL.path
                && changes.map(\.description) == [
                    "Entry.title: type changed from string to integer64",
                    "Entry.body: made required without a default value",
                    "Medium: parent changed from none to Tag"
                ]
                && String(describing: error).contains("Entry.title: type changed from string to integer64; Entry.body:")
        }
        #expect(try directory.storeBytes() == before)
        #expect(try directory.backups().isEmpty)
        #expect(try fetchAll("Entry", in: try directory.open(migrationV1)).count == 2)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func anOlderModelOpeningAMigratedStoreIsRefusedInsteadOfMigratingBack(type: PersistentStoreType) throws {
        let directory = try StoreDirectory(type)
        try DiaryData().write(to: directory)
        _ = try directory.open(migrationV2)
        let before = try directory.storeBytes()
        #expect {
            _ = try directory.open(migrationV1)
        } throws: { error in
            guard case MigrationError.newerStore(let path) = error else { return false }
            return path == directory.storeURL.path
        }
        #expect(try directory.storeBytes() == before)
        _ = try directory.open(migrationV3)  // forward still works, and v1 stays refused
        #expect(throws: MigrationError.self) { _ = try directory.open(migrationV1) }
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func refusesAUniquenessConstraintTheDataBreaks(type: PersistentStoreType) throws {
        let directory = try StoreDirectory(type)
        try DiaryData().write(to: directory, duplicateTag: true)
        let before = try directory.storeBytes()
        #expect {
            _ = try directory.open(migrationV2)
        } throws: { error in
            guard case MigrationError.duplicateValues(let entity, let keys, let duplicates) = error else {
                return false
            }
            return entity == "Tag" && keys == ["name"] && duplicates == ["'Travel' (2 times)"]
        }
        #expect(try directory.storeBytes() == before)
        #expect(try directory.backups().isEmpty)
    }

    /// One-to-one becomes one-to-many (kept in the other side's key), a to-many without inverse
    /// gains a to-one inverse (join rows become keys), a removed binary attribute leaves its blob to the sweep.
    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func relationshipsMoveToTheirNewStorageAndRemovedBlobsAreLeftForTheSweep(type: PersistentStoreType) throws {
        let before = makeModel([
            EntityDescription(
                "Person",
                attributes: [
                    AttributeDescription("name", .string),
                    AttributeDescription("photo", .binary, allowsExternalStorage: true)
                ],
                relationships: [
                    RelationshipDescription("desk", destination: "Desk", inverse: "owner"),
                    RelationshipDescription("pets", destination: "Pet", inverse: nil, isToMany: true)
                ]),
            EntityDescription(
                "Desk", attributes: [AttributeDescription("room", .string)],
                relationships: [RelationshipDescription("owner", destination: "Person", inverse: "desk")]),
            EntityDescription("Pet", attributes: [AttributeDescription("name", .string)])
        ])
        let after = makeModel([
            EntityDescription(
                "Person", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("desk", destination: "Desk", inverse: "owners"),
                    RelationshipDescription("pets", destination: "Pet", inverse: "owner", isToMany: true)
                ]),
            EntityDescription(
                "Desk", attributes: [AttributeDescription("room", .string)],
                relationships: [
                    RelationshipDescription(
                        "owners", destination: "Person", inverse: "desk", isToMany: true, renamingIdentifier: "owner")
                ]),
            EntityDescription(
                "Pet", attributes: [AttributeDescription("name", .string)],
                relationships: [RelationshipDescription("owner", destination: "Person", inverse: "pets")])
        ])
        let directory = try StoreDirectory(type)
        let photo = randomData(4000)
        do {
            let context = try directory.open(before)
            let ana = try context.insertObject(entityName: "Person")
            ana.setValue("Ana", forKey: "name")
            ana.setValue(photo, forKey: "photo")
            let desk = try context.insertObject(entityName: "Desk")
            desk.setValue("4.12", forKey: "room")
            ana.setValue(desk, forKey: "desk")
            for name in ["Rex", "Tom"] {
                let pet = try context.insertObject(entityName: "Pet")
                pet.setValue(name, forKey: "name")
                ana.add(pet, to: "pets")
            }
            try context.save()
        }
        let context = try directory.open(after)
        let ana = try #require(try fetchAll("Person", in: context).first)
        let desk = try #require(ana.value(forKey: "desk") as? ManagedObject)
        #expect(desk.value(forKey: "room") as? String == "4.12")
        #expect(desk.objects(forKey: "owners").map { $0.value(forKey: "name") as? String } == ["Ana"])
        let pets = try fetchAll("Pet", in: context, sortedBy: "name")
        #expect(
            pets.map { ($0.value(forKey: "owner") as? ManagedObject)?.value(forKey: "name") as? String } == [
                "Ana", "Ana"
            ])
        #expect(ana.objects(forKey: "pets").count == 2)
        // The photo's blob file is still there, now unreferenced: the sweep's to remove, not the migration's.
        let hash = SHA256Hasher.hex(of: photo)
        #expect(blobHashes(in: directory.blobDirectory) == [hash])
        #expect(try context.persistentStoreCoordinator.blobGarbage(olderThan: -1).unreferencedBlobs == [hash])
    }

    /// Sub-entities share their root's table: a removed sub-entity's rows go (and references to
    /// them are cleared), a sub-entity's new column is filled for its own rows only.
    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func hierarchiesKeepTheirRowsAndLoseRemovedSubentities(type: PersistentStoreType) throws {
        let before = makeModel([
            EntityDescription(
                "Item", attributes: [AttributeDescription("label", .string)],
                relationships: [RelationshipDescription("cover", destination: "Medium", inverse: nil)]),
            EntityDescription("Medium", attributes: [AttributeDescription("name", .string)]),
            EntityDescription("Image", parent: "Medium", attributes: [AttributeDescription("width", .integer32)]),
            EntityDescription("Sound", parent: "Medium", attributes: [AttributeDescription("seconds", .double)])
        ])
        let after = makeModel([
            EntityDescription(
                "Item", attributes: [AttributeDescription("label", .string)],
                relationships: [RelationshipDescription("cover", destination: "Medium", inverse: nil)]),
            EntityDescription(
                "Medium", attributes: [AttributeDescription("title", .string, renamingIdentifier: "name")]),
            EntityDescription(
                "Image", parent: "Medium",
                attributes: [
                    AttributeDescription("width", .integer32),
                    AttributeDescription("height", .integer32, isOptional: false, defaultValue: Int32(480))
                ])
        ])
        let directory = try StoreDirectory(type)
        do {
            let context = try directory.open(before)
            for (label, entity) in [("plain", "Medium"), ("image", "Image"), ("sound", "Sound")] {
                let medium = try context.insertObject(entityName: entity)
                medium.setValue(label, forKey: "name")
                let item = try context.insertObject(entityName: "Item")
                item.setValue(label, forKey: "label")
                item.setValue(medium, forKey: "cover")
            }
            try context.save()
        }
        let context = try directory.open(after)
        let media = try fetchAll("Medium", in: context, sortedBy: "title")
        #expect(
            media.map { "\($0.entity.name):\($0.value(forKey: "title") as? String ?? "-")" } == [
                "Image:image", "Medium:plain"
            ])
        #expect(media.first?.value(forKey: "height") as? Int32 == 480)
        let items = try fetchAll("Item", in: context, sortedBy: "label")
        #expect(
            items.map { ($0.value(forKey: "cover") as? ManagedObject)?.value(forKey: "title") as? String } == [
                "image", "plain", nil
            ])
        if type == .sqlite {
            #expect(
                try sqliteRows("SELECT title, height FROM Medium ORDER BY title", at: directory.storeURL)
                    == [["image", "480"], ["plain", nil]])
            #expect(try sqliteRows("PRAGMA foreign_key_check", at: directory.storeURL).isEmpty)
        }
    }

    /// The backup is made through SQLite, so rows still in the WAL (not yet in the main file) are in it.
    @Test func theBackupHoldsWhatTheWALHeld() throws {
        let directory = try StoreDirectory(.sqlite)
        let writer = try directory.open(migrationV1)
        for title in ["in the WAL", "also in the WAL"] {
            let entry = try writer.insertObject(entityName: "Entry")
            entry.setValue(title, forKey: "title")
        }
        try writer.save()
        let wal = URL(fileURLWithPath: directory.storeURL.path + "-wal")
        #expect(try Data(contentsOf: wal).count > 0)

        #expect(try fetchAll("Entry", in: try directory.open(migrationV2)).count == 2)
        let backup = try #require(try directory.backups().first)
        let old = try directory.open(migrationV1, at: backup)
        #expect(
            try fetchAll("Entry", in: old, sortedBy: "title").map { $0.value(forKey: "title") as? String }
                == ["also in the WAL", "in the WAL"])
    }

    @Test func aStoreWithoutAModelDescriptionGetsOneOrIsRefusedAsBefore() throws {
        let directory = try StoreDirectory(.sqlite)
        let data = DiaryData()
        try data.write(to: directory)
        _ = try sqliteWrite("DELETE FROM Z_METADATA WHERE key = 'modelDescription'", at: directory.storeURL)
        #expect(throws: StoreError.self) { _ = try directory.open(migrationV2) }
        _ = try directory.open(migrationV1)
        #expect(
            try sqliteRows("SELECT count(*) FROM Z_METADATA WHERE key = 'modelDescription'", at: directory.storeURL)
                == [["1"]])
        try data.check(try directory.open(migrationV2), entity: "Entry", entryKey: "entry")
    }

    @Test func theDifferenceNamesEveryChange() {
        let difference = ModelDifference(from: ModelDescription(model: migrationV1), to: migrationV2)
        #expect(difference.incompatibleChanges.isEmpty)
        #expect(
            difference.changes.map(\.description) == [
                "Entry.heading: renamed from title",
                "Entry.body: made required (empty values get the default)",
                "Entry.created: index added",
                "Entry.mood: attribute added",
                "Entry.tags: renamed from tag",
                "Entry.tags: to-one became to-many",
                "Tag.name: uniqueness constraint added",
                "Place: entity added",
                "Note: entity removed"
            ])
        let same = ModelDifference(from: ModelDescription(model: migrationV3), to: migrationV3)
        #expect(same.changes.isEmpty)

        // A renaming identifier claims the old attribute first; a new attribute of the old name is new.
        let before = makeModel([EntityDescription("Tag", attributes: [AttributeDescription("name", .string)])])
        let after = makeModel([
            EntityDescription(
                "Tag",
                attributes: [
                    AttributeDescription("name", .integer64),
                    AttributeDescription("label", .string, renamingIdentifier: "name")
                ])
        ])
        let swapped = ModelDifference(from: ModelDescription(model: before), to: after)
        #expect(swapped.changes.map(\.description) == ["Tag.name: attribute added", "Tag.label: renamed from name"])
    }
}
