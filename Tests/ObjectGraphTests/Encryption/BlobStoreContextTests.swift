import Foundation
import Testing

@testable import ObjectGraph

/// An SQLite store opened with a key keeps its external binary values in an encrypted blob
/// store, and a context reads them back decrypted.
@Suite struct BlobStoreContextTests {
    @Test func externalValuesAreEncryptedAndReadBackDecrypted() throws {
        var options = PersistentStoreOptions(externalStorageThreshold: 1024)
        options.encryptionKey = try StoreEncryptionKey.random()
        let stack = try TestStack(model: photoDiaryModel, type: .sqlite, options: options)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "encrypted blobs"
        let payload = randomData(200_000)
        let medium = try stack.context.insert(ImageMedium.self)
        medium.setValue(payload, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        let hash = SHA256Hasher.hex(of: payload)
        let directory = try #require(stack.blobDirectory)
        let blobs = BlobStore(readingDirectory: directory, encryptionKey: options.encryptionKey)
        #expect(try blobs.allHashes() == [blobs.fileName(forSHA256: hash)])
        #expect(!BlobStore(readingDirectory: directory).contains(sha256: hash))
        let sealed = try Data(contentsOf: blobs.url(for: BlobReference(sha256: hash, byteCount: 0)))
        #expect(sealed.range(of: payload.subdata(in: 1000..<1032)) == nil)

        try stack.reopen()
        let reread = try #require(try stack.context.fetch(FetchRequest(Medium.self, entityName: "Medium")).first)
        #expect(reread["data", as: Data.self] == payload)
        // A file for a library that needs a path: a decrypted 0600 copy in a 0700 folder.
        let copy = try #require(try reread.binaryFileURL(forKey: "data"))
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(try Data(contentsOf: copy) == payload)
        #expect(!copy.path.hasPrefix(directory.path))
        let fileMode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? NSNumber
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: copy.deletingLastPathComponent().path)[.posixPermissions]
            as? NSNumber
        #expect(fileMode?.intValue == 0o600)
        #expect(folderMode?.intValue == 0o700)

        // Garbage is found and swept by keyed name.
        reread.setValue(Data([1, 2, 3]), forKey: "data")
        try stack.context.save()
        #expect(try blobs.allHashes().isEmpty)
    }

    @Test func blobGarbageListsAndRemovesUnreferencedEncryptedFilesOnly() throws {
        var options = PersistentStoreOptions(externalStorageThreshold: 1024)
        options.encryptionKey = try StoreEncryptionKey.random()
        let stack = try TestStack(model: photoDiaryModel, type: .sqlite, options: options)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "kept"
        let medium = try stack.context.insert(ImageMedium.self)
        medium.setValue(randomData(5_000), forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        let blobs = try BlobStore(directory: try #require(stack.blobDirectory), encryptionKey: options.encryptionKey)
        let orphan = try blobs.commit(try blobs.stage(data: randomData(4_000)))
        let garbage = try stack.coordinator.blobGarbage(olderThan: 0, remove: true)
        #expect(garbage.unreferencedBlobs == [blobs.fileName(forSHA256: orphan.sha256)])
        #expect(!blobs.contains(sha256: orphan.sha256))
        let kept = try #require(medium.binaryReference(forKey: "data"))
        #expect(try blobs.verify(kept))
    }
}
