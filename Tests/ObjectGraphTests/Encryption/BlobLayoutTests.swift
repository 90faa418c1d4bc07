import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

extension BlobCipher.Layout: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .secretstream: "version 1 (secretstream)"
        case .fileKeyGCM: "version 2 (AES-256-GCM)"
        case .paddedGCM: "version 3 (AES-256-GCM, padded)"
        }
    }
}

/// The three layouts of encrypted blob files: new files are version 3, a store reads files of
/// every version, and in each a chunk changed, moved or taken from another file fails.
@Suite struct BlobLayoutTests {
    static let layouts: [BlobCipher.Layout] = [.secretstream, .fileKeyGCM, .paddedGCM]

    /// Where the first chunk of content starts in a file of `layout`.
    static func firstChunk(_ layout: BlobCipher.Layout) -> Int {
        BlobCipher.headerSize + (layout == .paddedGCM ? BlobCipher.sealedLengthSize : 0)
    }
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

    @Test func newFilesAreVersionThreeWithAFreshSaltEachTime() throws {
        let store = try BlobStore(directory: scratch.appending("Diary.blobs"), encryptionKey: key)
        let content = BlobStoreEncryptionTests.pattern(count: 100_000)
        let first = try store.stage(data: content)
        let second = try store.stage(data: content)
        let one = try Data(contentsOf: first.temporaryURL), two = try Data(contentsOf: second.temporaryURL)
        #expect(Array(one.prefix(8)) == Array("PDBLOB".utf8) + [3, 16])
        #expect(one.count == two.count)
        // The same content under fresh file keys: no chunk's ciphertext repeats.
        #expect(one[8..<32] != two[8..<32])
        for start in stride(from: Self.firstChunk(.paddedGCM), to: one.count - 16, by: BlobCipher.sealedChunkSize) {
            #expect(one[start + 1..<start + 17] != two[start + 1..<start + 17])
        }
        store.discard(first)
        store.discard(second)
    }

    @Test(arguments: layouts)
    func filesOfEveryVersionAreReadByAStoreWritingAnother(layout: BlobCipher.Layout) throws {
        let writer = try store(writing: layout)
        let content = BlobStoreEncryptionTests.pattern(count: 3 * (1 << 20) + 11, seed: 5)
        let reference = try writer.commit(try writer.stage(data: content))
        #expect(try sealedFile(of: reference, in: writer)[6] == layout.rawValue)
        for reading in Self.layouts {
            let reader = try store(writing: reading)
            #expect(try reader.data(for: reference) == content)
            #expect(try reader.verify(reference))
            #expect(try reader.damagedBlobFiles().isEmpty)
            let streamed = try reader.openContents(reference).stream(mappingErrors: { $0 }) {
                (_) throws(BlobStoreError) in
            }
            #expect(streamed.sha256 == reference.sha256)
            #expect(reader.fileSize(ofBlob: reader.fileName(forSHA256: reference.sha256)) == Int64(content.count))
        }
        let length = try sealedFile(of: reference, in: writer).count
        #expect(Int64(length) == BlobCipher.fileSize(ofContentSize: Int64(content.count), layout: layout))
    }

    /// A version 2 file as the version before padding wrote it (300 bytes of content under a fixed
    /// key; made with that version's `BlobStore(directory:encryptionKey:)`, base64).
    static let versionTwoFile = """
        UERCTE9CAhDmjiRsawpRcbjRPXAeJDtHLhOsYdapSBwAdVLalpwN6Gf4KXheI0yeWm0jajjWGU6WSThgIi/RnKZOAFxUfVam8urWyW9CbF9iu7BK\
        NfUMwjT602byEpUObTz/CyQR6w+L0rzlVVtmBgJEDIH1/m7x8214Qa7I7/n0ZIO6bArNbe9qSiHs1EWrY+k5JHfMYrQUfMYDhdWP2YBVBmV+KoAj\
        dLPQ/8ObbyqBuKNUmGNk05/IuCnrNlX2d4MdXm0CK1BegHvmB+tI6+nXLrnC7cI9uWdR03aT2vMS/sTV8huAoQ7jQBvFtlvrQjaHz1wigAChn/Qf\
        BhiKL5M5q0CVZrT7KXoNXEQELmbcfmungJIPwu2tySGg2JI7C9ntB2vxw47EI4Lln6zRHpkrDDnlN/C2S+ELnzUbYlkf4wGX3fYncf7cVDF9m+P1\
        49fDdEo8x/gzuw3npwMTvZkvN305vHWRjjwhrNlPz/g5m/FOFrS+uxdw23riM+2h6dyr6DNHFUunbZ6t1Teh0LvIIOyZ/g==
        """

    @Test func aVersionTwoFileWrittenBeforePaddingStillReads() throws {
        let key = try StoreEncryptionKey(bytes: (0..<32).map { UInt8($0 &* 7 &+ 3) })
        let content = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) })
        let reference = BlobReference(sha256: SHA256Hasher.hex(of: content), byteCount: 300)
        let store = try BlobStore(directory: scratch.appending("Old.blobs"), encryptionKey: key)
        let file = try #require(Data(base64Encoded: Self.versionTwoFile))
        #expect(file.count == 32 + 300 + 17 + 57 && file[6] == 2)
        let url = store.url(for: reference)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.write(to: url)
        #expect(try store.data(for: reference) == content)
        #expect(try store.verify(reference))
        #expect(try store.damagedBlobFiles().isEmpty)
        #expect(store.fileSize(ofBlob: store.fileName(forSHA256: reference.sha256)) == 300)
        var cut = file
        cut.removeLast()
        try cut.write(to: url)
        #expect(try !store.verify(reference))
    }

    @Test(arguments: layouts)
    func chunksSwappedWithinAFileOrTakenFromAnotherFail(layout: BlobCipher.Layout) throws {
        let store = try store(writing: layout)
        let size = 4 * BlobCipher.chunkSize
        let reference = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: size, seed: 1)))
        let other = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: size, seed: 2)))
        let sealed = try sealedFile(of: reference, in: store), foreign = try sealedFile(of: other, in: store)
        func chunk(_ index: Int, of file: Data) -> Range<Int> {
            let start = Self.firstChunk(layout) + index * BlobCipher.sealedChunkSize
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
        otherTrailer.replaceSubrange(
            sealed.count - BlobCipher.sealedTrailerSize..<sealed.count,
            with: foreign.suffix(BlobCipher.sealedTrailerSize))
        var endedEarly = Data(sealed.prefix(Self.firstChunk(layout) + 2 * BlobCipher.sealedChunkSize))
        endedEarly.append(sealed.suffix(BlobCipher.sealedTrailerSize))
        for (name, damaged) in [
            ("swapped", swapped), ("transplanted", transplanted), ("other header", otherHeader),
            ("other trailer", otherTrailer), ("trailer moved up", endedEarly)
        ] {
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
        let reference = try store.commit(
            try store.stage(data: BlobStoreEncryptionTests.pattern(count: 2 * BlobCipher.chunkSize)))
        let sealed = try sealedFile(of: reference, in: store)
        let second = Self.firstChunk(layout) + BlobCipher.sealedChunkSize
        for offset in [7, 20, second, second + 1, second + 30_000, second + BlobCipher.sealedChunkSize - 1] {
            var damaged = sealed
            damaged[offset] ^= 0x80
            try overwrite(reference, in: store, with: damaged)
            #expect(try !store.verify(reference), "offset \(offset)")
        }
    }
}
