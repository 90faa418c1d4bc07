import Foundation
import Testing

@testable import ObjectGraph

/// Undo across a save of externally stored binary values: the bytes come back (Core Data
/// restores them), because a blob file stays while an undo or redo can still refer to it.
@Suite struct UndoExternalStorageTests {
    private let options = PersistentStoreOptions(externalStorageThreshold: 1024)

    private func stack(_ type: PersistentStoreType) throws -> (TestStack, ImageMedium, Data) {
        let stack = try TestStack(model: photoDiaryModel, type: type, options: options)
        stack.context.undoManager = ObjectGraphUndoManager()
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "blobs"
        let payload = randomData(5000)
        let medium = try stack.context.insert(ImageMedium.self)
        medium.setValue(payload, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        try #require(medium.isBinaryValueExternal(forKey: "data"))
        return (stack, medium, payload)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func undoingADeleteAcrossASaveBringsTheBytesBack(type: PersistentStoreType) throws {
        let (stack, medium, payload) = try stack(type)
        stack.context.delete(medium)
        try stack.context.save()
        stack.context.undo()
        try stack.context.save()
        try stack.reopen()
        let media = try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium"))
        #expect(media.count == 1)
        #expect(media.first?["data", as: Data.self] == payload)
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func undoingAReplacedValueAcrossASaveBringsTheOldBytesBack(type: PersistentStoreType) throws {
        let (stack, medium, payload) = try stack(type)
        let other = randomData(6000)
        medium.setValue(other, forKey: "data")
        try stack.context.save()
        stack.context.undo()
        try stack.context.save()
        #expect(medium["data", as: Data.self] == payload)
        // Redo, across another save, gives the new bytes again.
        stack.context.redo()
        try stack.context.save()
        try stack.reopen()
        #expect(
            try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium")).first?["data", as: Data.self]
                == other)
    }

    @Test func aBlobNoUndoCanReachIsRemovedOnceTheActionsGo() throws {
        let (stack, medium, payload) = try stack(.sqlite)
        let hash = SHA256Hasher.hex(of: payload)
        stack.context.delete(medium)
        try stack.context.save()
        #expect(blobHashes(in: stack.blobDirectory).contains(hash))  // the undo stack can bring it back
        _ = try stack.coordinator.blobGarbage(olderThan: 0, remove: true)
        #expect(blobHashes(in: stack.blobDirectory).contains(hash))  // nor does a sweep take it
        stack.context.undoManager?.removeAllActions()
        // Once no undo can reach it, a sweep removes what nothing refers to.
        _ = try stack.coordinator.blobGarbage(olderThan: 0, remove: true)
        #expect(!blobHashes(in: stack.blobDirectory).contains(hash))
    }
}

/// A row never points at a missing blob file unnoticed.
@Suite struct MissingBlobTests {
    private let options = PersistentStoreOptions(externalStorageThreshold: 1024)

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func readingAMissingBlobIsAnError(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type, options: options)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "blobs"
        let payload = randomData(5000)
        let medium = try stack.context.insert(ImageMedium.self)
        medium.setValue(payload, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        #expect(try medium.binaryValue(forKey: "data") == payload)
        let file = try #require(try medium.binaryFileURL(forKey: "data"))
        try FileManager.default.removeItem(at: file)
        try stack.reopen()
        let stored = try #require(try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium")).first)
        #expect(throws: BlobStoreError.self) { try stored.binaryValue(forKey: "data") }
        #expect(throws: ObjectGraphError.self) { try stored.binaryValue(forKey: "mimeType") }
    }

    @Test func anUndoThatPutsBackAReferenceToAFileGoneElsewhereFailsTheSave() throws {
        let stack = try TestStack(model: photoDiaryModel, type: .sqlite, options: options)
        stack.context.undoManager = ObjectGraphUndoManager()
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "blobs"
        let medium = try stack.context.insert(ImageMedium.self)
        let payload = randomData(5000)
        medium.setValue(payload, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        let file = try #require(try medium.binaryFileURL(forKey: "data"))
        stack.context.delete(medium)
        try stack.context.save()
        // Another process (which knows nothing of this undo stack) removes the file.
        try FileManager.default.removeItem(at: file)
        stack.context.undo()
        #expect(throws: BlobStoreError.missingBlob(sha256: SHA256Hasher.hex(of: payload))) { try stack.context.save() }
    }
}
