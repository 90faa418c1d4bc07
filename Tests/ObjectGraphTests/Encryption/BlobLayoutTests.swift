import Foundation
import Testing
import TestSupport
@testable import ObjectGraph

extension BlobCipher.Layout: CustomTestStringConvertible {
    public var testDescription: String { self == .secretstream ? "version 1 (secretstream)" : "version 2 (AES-256-GCM)" }
}

/// The two layouts of encrypted blob files: new files are version 2, a store reads files of
/// either version, and in both a chunk changed, moved or taken from another file fails.
@Suite struct BlobLayoutTests {
    static let layouts: [BlobCipher.Layout] = [.secretstream, .fileKeyGCM]
    let scratch: TemporaryDirectory
    let key: StoreEncryptionKey

    init() throws {
        scratch = try TemporaryDirectory(prefix: "bloblayout")
        key = try StoreEncryptionKey.random()
    }

    func store(writing layout: BlobCipher.Layout) throws -> BlobStore {
        try BlobStore(directory: scratch.appending("Diary.blobs"), encryptionKey: key, layout: layout)
    }

    func sealedFile(of reference: BlobReference, in store: BlobStore) throws -> Data {
        try Data(contentsOf: store.url(for: reference))
    }

    func overwrite(_ reference: BlobReference, in store: BlobStore, with content: Data) throws {
        let path = store.url(for: reference).path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try content.write(to: URL(fileURLWithPath: path))
    }

    @Test func newFilesAreVersionTwoWithAFreshSaltEachTime() throws {
        let store = try BlobStore(directory: scratch.appending("Diary.blobs"), encryptionKey: key)
        let content = BlobStoreEncryptionTests.pattern(count: 100_000)
        let first = try store.stage(data: content)
        let second = try store.stage(data: content)
        let one = try Data(contentsOf: first.temporaryURL), two = try Data(contentsOf: second.temporaryURL)
        #expect(Array(one.prefix(8)) == Array("PDBLOB".utf8) + [2, 16])
        #expect(one.count == two.count)
        // The same content under fresh file keys: no chunk's ciphertext repeats.
        #expect(one[8..<32] != two[8..<32])
        for start in stride(from: BlobCipher.headerSize, to: one.count - 16, by: BlobCipher.sealedChunkSize) {
            #expect(one[start + 1..<start + 17] != two[start + 1..<start + 17])
        }
        store.discard(first)
        store.discard(second)
    }

    @Test(arguments: layouts)
    func filesOfEitherVersionAreReadByAStoreWritingTheOther(layout: BlobCipher.Layout) throws {
        let writer = try store(writing: layout)
        let content = BlobStoreEncryptionTests.pattern(count: 3 * (1 << 20) + 11, seed: 5)
        let reference = try writer.commit(try writer.stage(data: content))
        #expect(try sealedFile(of: reference, in: writer)[6] == layout.rawValue)
        for reading in Self.layouts {
            let reader = try store(writing: reading)
            #expect(try reader.data(for: reference) == content)
            #expect(try reader.verify(reference))
            #expect(try reader.damagedBlobFiles().isEmpty)
            let streamed = try reader.openContents(reference).stream(mappingErrors: { $0 }) { (_) throws(BlobStoreError) in }
            #expect(streamed.sha256 == reference.sha256)
        }
    }

    @Test(arguments: layouts)
    func chunksSwappedWithinAFileOrTakenFromAnotherFail(layout: BlobCipher.Layout) throws {
        let store = try store(writing: layout)
        let size = 4 * BlobCipher.chunkSize
        let reference = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: size, seed: 1)))
        let other = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: size, seed: 2)))
        let sealed = try sealedFile(of: reference, in: store), foreign = try sealedFile(of: other, in: store)
        func chunk(_ index: Int, of file: Data) -> Range<Int> {
            let start = BlobCipher.headerSize + index * BlobCipher.sealedChunkSize
            return start..<start + BlobCipher.sealedChunkSize
        }
        var swapped = sealed
        swapped.replaceSubrange(chunk(1, of: sealed), with: sealed[chunk(2, of: sealed)])
        swapped.replaceSubrange(chunk(2, of: sealed), with: sealed[chunk(1, of: sealed)])
        var transplanted = sealed
        transplanted.replaceSubrange(chunk(3, of: sealed), with: foreign[chunk(3, of: foreign)])
        var otherHeader = sealed
        otherHeader.replaceSubrange(0..<BlobCipher.headerSize, with: foreign.prefix(BlobCipher.headerSize))
        var otherTrailer = sealed
        otherTrailer.replaceSubrange(sealed.count - BlobCipher.sealedTrailerSize..<sealed.count,
                                     with: foreign.suffix(BlobCipher.sealedTrailerSize))
        var endedEarly = Data(sealed.prefix(BlobCipher.headerSize + 2 * BlobCipher.sealedChunkSize))
        endedEarly.append(sealed.suffix(BlobCipher.sealedTrailerSize))
        for (name, damaged) in [("swapped", swapped), ("transplanted", transplanted), ("other header", otherHeader),
                                ("other trailer", otherTrailer), ("trailer moved up", endedEarly)] {
            try overwrite(reference, in: store, with: damaged)
            #expect(try !store.verify(reference), "\(name)")
            #expect(throws: BlobStoreError.self, "\(name)") { try store.data(for: reference) }
        }
        try overwrite(reference, in: store, with: sealed)
        #expect(try store.verify(reference))
    }

    @Test(arguments: layouts)
    func aFlippedBitInTheSaltTagByteCiphertextOrMACFails(layout: BlobCipher.Layout) throws {
        let store = try store(writing: layout)
        let reference = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: 2 * BlobCipher.chunkSize)))
        let sealed = try sealedFile(of: reference, in: store)
        let second = BlobCipher.headerSize + BlobCipher.sealedChunkSize
        for offset in [7, 20, second, second + 1, second + 30_000, second + BlobCipher.sealedChunkSize - 1] {
            var damaged = sealed
            damaged[offset] ^= 0x80
            try overwrite(reference, in: store, with: damaged)
            #expect(try !store.verify(reference), "offset \(offset)")
        }
    }
}
