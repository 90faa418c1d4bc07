import Foundation
import Testing

@testable import ObjectGraph

/// Tutorial app 3: a photo diary. Entries own their media (cascade); times are kept by hooks.
final class DiaryEntry: ManagedObject {
    var text: String? {
        get { self["text"] }
        set { self["text"] = newValue }
    }
    var creationTime: Date? { self["creationTime"] }
    var updateTime: Date? { self["updateTime"] }
    var media: Set<Medium> { objects(forKey: "media") }
    var willSaveCalls = 0

    override func awakeFromInsert() {
        super.awakeFromInsert()
        let now = Date()
        setPrimitiveValue(now, forKey: "creationTime")
        setPrimitiveValue(now, forKey: "updateTime")
    }

    override func willSave() {
        super.willSave()
        willSaveCalls += 1
        if !isDeleted { setPrimitiveValue(Date(), forKey: "updateTime") }
    }

    override func validateForInsert() throws { try validateContent() }
    override func validateForUpdate() throws { try validateContent() }

    private func validateContent() throws {
        if (text ?? "").isEmpty && media.isEmpty { throw problem(key: nil, "an entry needs text or media") }
    }
}

class Medium: ManagedObject {
    var fileName: String? {
        get { self["fileName"] }
        set { self["fileName"] = newValue }
    }
    var diaryEntry: DiaryEntry? {
        get { self["diaryEntry"] }
        set { self["diaryEntry"] = newValue }
    }
}

final class ImageMedium: Medium {
    var width: Int32? {
        get { self["width"] }
        set { self["width"] = newValue }
    }
}

let photoDiaryModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "DiaryEntry", managedObjectClass: DiaryEntry.self,
        attributes: [
            AttributeDescription("text", .string),
            AttributeDescription("creationTime", .date, isOptional: false, isIndexed: true),
            AttributeDescription("updateTime", .date, isOptional: false)
        ],
        relationships: [
            RelationshipDescription(
                "media", destination: "Medium", inverse: "diaryEntry", isToMany: true, deleteRule: .cascade)
        ]),
    EntityDescription(
        "Medium", managedObjectClass: Medium.self, isAbstract: true,
        attributes: [
            AttributeDescription("fileName", .string),
            AttributeDescription("data", .binary, allowsExternalStorage: true)
        ],
        relationships: [
            RelationshipDescription("diaryEntry", destination: "DiaryEntry", inverse: "media")
        ]),
    EntityDescription(
        "ImageMedium", managedObjectClass: ImageMedium.self, parent: "Medium",
        attributes: [
            AttributeDescription("width", .integer32, minValue: 1)
        ])
])

@Suite struct LifecycleHookAndCascadeTests {
    @Test(arguments: allStoreTypes)
    func hooksKeepCreationAndUpdateTimes(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        let entry = try stack.context.insert(DiaryEntry.self)
        let created = try #require(entry.creationTime)
        #expect(entry.updateTime == created)
        entry.text = "Beach day"
        try stack.context.save()
        let firstUpdate = try #require(entry.updateTime)
        #expect(firstUpdate > created)
        #expect(entry.willSaveCalls == 1)
        #expect(!entry.hasChanges)  // the primitive setter in willSave did not dirty it

        entry.text = "Beach day, sunset"
        try stack.context.save()
        #expect(entry.willSaveCalls == 2)
        let secondUpdate = try #require(entry.updateTime)
        #expect(secondUpdate > firstUpdate)
        #expect(entry.creationTime == created)

        stack.context.delete(entry)
        try stack.context.save()
        #expect(entry.willSaveCalls == 3)
        #expect(entry.updateTime == secondUpdate)  // not refreshed on delete
        try stack.reopen()
        let stored = try stack.context.fetch(FetchRequest(DiaryEntry.self, entityName: "DiaryEntry"))
        #expect(stored.isEmpty)
    }

    @Test(arguments: allStoreTypes)
    func anEntryWithoutContentIsNotSaved(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        try stack.context.insert(DiaryEntry.self)
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.rule) == ["an entry needs text or media"]
        }
        try stack.reopen()
        #expect(try stack.context.count(for: FetchRequest(entityName: "DiaryEntry")) == 0)
    }

    @Test(arguments: allStoreTypes)
    func anEntryWithOnlyAMediumIsSaved(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        let entry = try stack.context.insert(DiaryEntry.self)
        let image = try stack.context.insert(ImageMedium.self)
        image.fileName = "IMG_0042.jpg"
        image.diaryEntry = entry
        #expect(entry.media == [image])
        try stack.context.save()
        try stack.reopen()
        let media = try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium"))
        #expect(media.count == 1)
        #expect(media.first is ImageMedium)
        #expect(media.first?.diaryEntry?.media.count == 1)
    }

    @Test(arguments: allStoreTypes)
    func anEditorContextTakesInAnEntrySavedElsewhere(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        let editor = stack.newContext()
        let draft = try editor.insert(DiaryEntry.self)
        draft.text = "abandoned draft"
        editor.reset()
        #expect(!editor.hasChanges)

        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "Saved elsewhere"
        try stack.context.save()
        let taken = editor.object(with: entry.objectID)
        #expect(taken.isFault)
        #expect((taken as? DiaryEntry)?.text == "Saved elsewhere")
        #expect(taken !== entry)
        #expect(editor.object(with: entry.objectID) === taken)
    }

    @Test(arguments: allStoreTypes)
    func deletingAnEntryCascadesToItsMedia(type: PersistentStoreType) throws {
        let stack = try TestStack(
            model: photoDiaryModel, type: type, options: PersistentStoreOptions(externalStorageThreshold: 1024))
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "with photos"
        let payload = randomData(4096)
        for name in ["a.jpg", "b.jpg"] {
            let image = try stack.context.insert(ImageMedium.self)
            image.fileName = name
            image.setValue(name == "a.jpg" ? payload : randomData(100), forKey: "data")
            entry.add(image, to: "media")
        }
        try stack.context.save()
        if type != .inMemory { #expect(blobHashes(in: stack.blobDirectory) == [SHA256Hasher.hex(of: payload)]) }
        if type == .sqlite, let url = stack.storeURL {
            #expect(try sqliteRows("SELECT count(*) FROM Medium", at: url) == [["2"]])
        }

        try stack.reopen()
        let stored = try #require(stack.context.fetch(FetchRequest(DiaryEntry.self, entityName: "DiaryEntry")).first)
        stack.context.delete(stored)
        #expect(stack.context.deletedObjects.count == 3)
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Medium")) == 0)
        if type != .inMemory { #expect(blobHashes(in: stack.blobDirectory).isEmpty) }
        if type == .sqlite, let url = stack.storeURL {
            #expect(try sqliteRows("SELECT count(*) FROM Medium", at: url) == [["0"]])
            #expect(try sqliteRows("SELECT count(*) FROM DiaryEntry", at: url) == [["0"]])
        }
    }
}
