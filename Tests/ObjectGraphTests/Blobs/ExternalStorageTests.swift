import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ExternalStorageTests {
    private let options = PersistentStoreOptions(externalStorageThreshold: 1024)

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func largeValuesLiveInContentAddressedFiles(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type, options: options)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "blobs"
        let large = randomData(5000), small = randomData(100)
        let big = try stack.context.insert(ImageMedium.self)
        big.setValue(large, forKey: "data")
        big.diaryEntry = entry
        let tiny = try stack.context.insert(ImageMedium.self)
        tiny.setValue(small, forKey: "data")
        tiny.diaryEntry = entry
        try stack.context.save()
        #expect(big.isBinaryValueExternal(forKey: "data"))
        #expect(!tiny.isBinaryValueExternal(forKey: "data"))
        let hash = SHA256Hasher.hex(of: large)
        let directory = try #require(stack.blobDirectory)
        let file = directory.appendingPathComponent(String(hash.prefix(2))).appendingPathComponent(
            String(hash.dropFirst(2).prefix(2))
        )
        .appendingPathComponent(hash)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try big.binaryFileURL(forKey: "data") == file)
        if type == .sqlite, let url = stack.storeURL {
            let rows = try sqliteRows("SELECT data IS NULL, data_sha256, data_size FROM Medium ORDER BY Z_PK", at: url)
            #expect(rows == [["1", hash, "5000"], ["0", nil, nil]])
        }
        try stack.reopen()
        let media = try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium"))
        #expect(Set(media.compactMap { $0["data", as: Data.self] }) == [large, small])
        #expect(media.compactMap { $0.binaryByteCount(forKey: "data") }.sorted() == [100, 5000])
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func aFileIsStreamedInAndRemovedWithItsLastReference(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type, options: options)
        let source = stack.directory.appendingPathComponent("photo.jpg")
        let payload = randomData(20_000)
        try payload.write(to: source)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "shared"
        var media: [ImageMedium] = []
        for _ in 0..<2 {
            let medium = try stack.context.insert(ImageMedium.self)
            try medium.setBinaryValue(fromFileAt: source, forKey: "data")
            medium.diaryEntry = entry
            media.append(medium)
        }
        #expect(try media[0].binaryFileURL(forKey: "data") == source)
        try stack.context.save()
        let hash = SHA256Hasher.hex(of: payload)
        #expect(blobHashes(in: stack.blobDirectory) == [hash])  // one file for two rows
        stack.context.delete(media[0])
        try stack.context.save()
        #expect(blobHashes(in: stack.blobDirectory) == [hash])  // still referenced
        #expect(media[1]["data", as: Data.self] == payload)
        media[1].setValue(Data([1, 2, 3]), forKey: "data")
        try stack.context.save()
        #expect(blobHashes(in: stack.blobDirectory).isEmpty)  // the last reference went away
        #expect(throws: ObjectGraphError.self) {
            try media[1].setBinaryValue(
                fromFileAt: stack.directory.appendingPathComponent("missing.jpg"), forKey: "data")
        }
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func aBlobStagedByTheCallerIsCommittedByTheSave(type: PersistentStoreType) throws {
        let stack = try TestStack(model: photoDiaryModel, type: type, options: options)
        let directory = try #require(stack.blobDirectory)
        let blobs = try BlobStore(directory: directory)
        let payload = randomData(4000)
        let staged = try blobs.stage(data: payload)
        #expect(!blobs.contains(sha256: staged.sha256))  // not committed before the save
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "staged"
        let medium = try stack.context.insert(ImageMedium.self)
        try medium.setBinaryValue(staged, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        #expect(blobs.contains(sha256: staged.sha256))
        #expect(medium.binaryReference(forKey: "data") == staged.reference)
        #expect(!FileManager.default.fileExists(atPath: staged.temporaryURL.path))
        try stack.reopen()
        let media = try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium"))
        #expect(media.compactMap { $0["data", as: Data.self] } == [payload])
    }

    @Test(arguments: [PersistentStoreType.sqlite, .binary])
    func aSweepRemovesFilesNoRowRefersTo(type: PersistentStoreType) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Asset",
                attributes: [
                    AttributeDescription("name", .string),
                    AttributeDescription("payload", .binary, allowsExternalStorage: true)
                ], uniquenessConstraints: [["name"]])
        ])
        let stack = try TestStack(model: model, type: type, options: options)
        let kept = randomData(3000), orphan = randomData(3000)
        let first = try stack.context.insertObject(entityName: "Asset")
        first.setValue("one", forKey: "name")
        first.setValue(kept, forKey: "payload")
        try stack.context.save()
        // A save that fails after its blob files were written leaves an unreferenced file.
        let clash = try stack.context.insertObject(entityName: "Asset")
        clash.setValue("one", forKey: "name")
        clash.setValue(orphan, forKey: "payload")
        #expect(throws: ObjectGraphError.self) { try stack.context.save() }
        #expect(clash["payload", as: Data.self] == orphan)  // the failed save gave the value back
        #expect(!clash.isBinaryValueExternal(forKey: "payload"))
        #expect(blobHashes(in: stack.blobDirectory) == [SHA256Hasher.hex(of: kept), SHA256Hasher.hex(of: orphan)])
        let removed = try stack.coordinator.blobGarbage(olderThan: 0, remove: true)
        #expect(removed.unreferencedBlobs == [SHA256Hasher.hex(of: orphan)])
        #expect(blobHashes(in: stack.blobDirectory) == [SHA256Hasher.hex(of: kept)])
        try stack.reopen()
        #expect(try fetchAll("Asset", in: stack.context).first?["payload", as: Data.self] == kept)
    }

    @Test func inMemoryStoresKeepEverythingInline() throws {
        let stack = try TestStack(model: photoDiaryModel, type: .inMemory, options: options)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "inline"
        let medium = try stack.context.insert(ImageMedium.self)
        let payload = randomData(4096)
        medium.setValue(payload, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        #expect(!medium.isBinaryValueExternal(forKey: "data"))
        #expect(medium["data", as: Data.self] == payload)
        #expect(stack.blobDirectory == nil)
    }
}
