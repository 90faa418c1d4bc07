import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// Encrypted blob files padded to a bucket (layout 3): a file's length says only which bucket
/// its content's size falls in, the true length is sealed inside, and a padded file that was
/// cut, extended or changed is refused.
@Suite struct BlobPaddingTests {
    let scratch: TemporaryDirectory
    let key: StoreEncryptionKey
    let store: BlobStore

    init() throws {
        scratch = try TemporaryDirectory(prefix: "blobpadding")
        key = try StoreEncryptionKey.random()
        store = try BlobStore(directory: scratch.appending("Diary.blobs"), encryptionKey: key)
    }

    /// The length of a layout 3 file whose content pads to `padded` bytes, spelled out.
    static func expectedFileSize(padded: Int64) -> Int64 {
        32 + 33 + padded + 17 * ((padded + 65_535) / 65_536) + 57
    }

    @Test func bucketsKeepFiveLeadingBitsAboveAFloorOfFourKilobytes() {
        for (size, padded) in [
            (0, 4096), (1, 4096), (4095, 4096), (4096, 4096), (4097, 8192), (65_536, 65_536),
            (131_072, 131_072), (131_073, 135_168), (262_145, 270_336), (1_000_000, 1_015_808),
            (12_345_678, 12_582_912)
        ] as [(Int64, Int64)] {
            #expect(BlobPadding.paddedSize(ofContentSize: size) == padded, "\(size)")
        }
        var previous: Int64 = 0
        for size in stride(from: Int64(0), through: 40 << 20, by: 4_999) {
            let padded = BlobPadding.paddedSize(ofContentSize: size)
            let step = max(4096, Int64(1) << max(0, Int64.bitWidth - 1 - size.leadingZeroBitCount - 5))
            // Empty content pads to one whole step, as small content does.
            #expect(padded >= size && (padded - size < step || size == 0) && padded % step == 0, "\(size)")
            #expect(padded >= previous, "buckets grow with the size")
            if size >= 128 << 10 { #expect(Double(padded - size) / Double(size) < 1.0 / 32, "\(size)") }
            previous = padded
        }
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 65_535, 65_536, 65_537, 300_000, 1 << 20, 3 * 1024 * 1024 + 7])
    func aFileIsItsBucketsLengthAndReadsBackExactly(size: Int) throws {
        let content = BlobStoreEncryptionTests.pattern(count: size, seed: UInt8(size % 251))
        let reference = try store.commit(try store.stage(data: content))
        let file = try Data(contentsOf: store.url(for: reference))
        let padded = BlobPadding.paddedSize(ofContentSize: Int64(size))
        #expect(Array(file.prefix(8)) == Array("PDBLOB".utf8) + [3, 16])
        #expect(Int64(file.count) == Self.expectedFileSize(padded: padded))
        #expect(Int64(file.count) == BlobCipher.fileSize(ofContentSize: Int64(size), layout: .paddedGCM))
        #expect(try store.data(for: reference) == content)
        #expect(try BlobStoreEncryptionTests.readAll(store.openContents(reference), bufferSize: 3_000) == content)
        #expect(try store.openContents(reference).byteCount == Int64(size))
        #expect(store.fileSize(ofBlob: store.fileName(forSHA256: reference.sha256)) == Int64(size))
        #expect(try store.verify(reference))
        #expect(try store.damagedBlobFiles().isEmpty)
    }

    @Test func contentsOfOneBucketMakeFilesOfOneLength() throws {
        var lengths = Set<Int>()
        for size in [0, 1, 2_000, 4095, 4096] {
            let staged = try store.stage(data: BlobStoreEncryptionTests.pattern(count: size, seed: 3))
            lengths.insert(try Data(contentsOf: staged.temporaryURL).count)
            store.discard(staged)
        }
        #expect(lengths == [Int(Self.expectedFileSize(padded: 4096))])
        var large = Set<Int>()
        for size in [12_320_769, 12_345_678, 12_582_912] {
            large.insert(Int(BlobCipher.fileSize(ofContentSize: Int64(size), layout: .paddedGCM)))
        }
        #expect(large.count == 1)
    }

    // About 12 MB, written to the source a megabyte at a time and read back through a hashing
    // stream: neither side holds the content whole.
    @Test func aTwelveMegabyteFileStreamsInAndOutPadded() throws {
        let size = 12_345_678
        let source = scratch.appending("photo.bin")
        FileManager.default.createFile(atPath: source.path, contents: nil)
        let handle = try FileHandle(forWritingTo: source)
        let hasher = SHA256Hasher()
        var written = 0
        while written < size {
            let piece = BlobStoreEncryptionTests.pattern(
                count: min(1 << 20, size - written), seed: UInt8(written >> 20))
            piece.withUnsafeBytes { hasher.update($0) }
            try handle.write(contentsOf: piece)
            written += piece.count
        }
        try handle.close()
        let sha256 = hasher.finalizeHex()
        let reference = try store.commit(try store.stage(fileAt: source))
        #expect(reference == BlobReference(sha256: sha256, byteCount: Int64(size)))
        let fileSize =
            try FileManager.default.attributesOfItem(atPath: store.url(for: reference).path)[.size] as? NSNumber
        #expect(fileSize?.int64Value == Self.expectedFileSize(padded: 12_582_912))
        var largest = 0
        let read = try store.openContents(reference).stream(mappingErrors: { $0 }) { (chunk) throws(BlobStoreError) in
            largest = max(largest, chunk.count)
        }
        #expect(read.sha256 == sha256 && read.byteCount == Int64(size))
        #expect(largest <= BlobCipher.batchChunks * BlobCipher.chunkSize)
    }

    @Test func aTruncatedExtendedOrFlippedPaddedFileIsRefused() throws {
        // 200,000 bytes pad to 200,704: three whole chunks, then 3,392 bytes of content and 704 of zeros.
        let reference = try store.commit(
            try store.stage(data: BlobStoreEncryptionTests.pattern(count: 200_000, seed: 4)))
        let sealed = try Data(contentsOf: store.url(for: reference))
        let firstChunk = BlobCipher.headerSize + BlobCipher.sealedLengthSize
        let lastChunk = firstChunk + 3 * BlobCipher.sealedChunkSize
        let trailer = sealed.count - BlobCipher.sealedTrailerSize
        var variants: [(String, Data)] = [
            ("cut to the header", sealed.prefix(BlobCipher.headerSize)),
            ("cut in the length", sealed.prefix(firstChunk - 3)),
            ("cut after the length", sealed.prefix(firstChunk)),
            ("cut in the padding", sealed.prefix(trailer - 100)),
            ("the trailer gone", sealed.prefix(trailer)),
            ("one byte short", sealed.prefix(sealed.count - 1)),
            ("one byte more", sealed + Data([0])),
            ("a bucket more of zeros", sealed + Data(count: 4096)),
            (
                "the last chunk twice",
                sealed.prefix(trailer) + sealed[lastChunk..<trailer] + sealed.suffix(BlobCipher.sealedTrailerSize)
            )
        ]
        // The salt, the length's tag byte, ciphertext and MAC, content, the padding's ciphertext,
        // the trailer.
        for offset in [
            20, BlobCipher.headerSize, BlobCipher.headerSize + 3, firstChunk - 1, firstChunk + 500,
            lastChunk + 1 + 3_392 + 10, trailer - 5, trailer + 1, sealed.count - 1
        ] {
            var flipped = sealed
            flipped[offset] ^= 0x10
            variants.append(("bit flipped at \(offset)", flipped))
        }
        // The length chunk of another file of the same bucket, which records another length.
        let other = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: 200_100, seed: 5)))
        let foreign = try Data(contentsOf: store.url(for: other))
        #expect(foreign.count == sealed.count)
        var transplanted = sealed
        transplanted.replaceSubrange(
            BlobCipher.headerSize..<firstChunk, with: foreign[BlobCipher.headerSize..<firstChunk])
        variants.append(("another file's length", transplanted))
        for (name, damaged) in variants {
            try overwrite(reference, with: Data(damaged))
            #expect(try !store.verify(reference), "\(name)")
            #expect(throws: BlobStoreError.self, "\(name)") {
                try BlobStoreEncryptionTests.readAll(store.openContents(reference))
            }
            #expect(
                try store.damagedBlobFiles().map(\.name) == [store.fileName(forSHA256: reference.sha256)], "\(name)")
        }
        try overwrite(reference, with: sealed)
        #expect(try store.verify(reference))
    }

    @Test func paddingThatIsNotZerosIsRefused() throws {
        let content = BlobStoreEncryptionTests.pattern(count: 5_000, seed: 6)
        let cipher = try #require(store.cipher)
        let sealer = BlobSealer(cipher)
        var file = Data(sealer.header) + Data(count: BlobCipher.sealedLengthSize)
        let padded = content + Data(repeating: 0xA5, count: 8192 - content.count)
        padded.withUnsafeBytes { file.append(contentsOf: sealer.seal($0, final: false)) }
        file.append(
            contentsOf: sealer.sealTrailer(
                digest: BlobCipher.bytes(ofHex: SHA256Hasher.hex(of: content)),
                byteCount: Int64(content.count)))
        file.replaceSubrange(
            BlobCipher.headerSize..<BlobCipher.headerSize + BlobCipher.sealedLengthSize,
            with: sealer.sealLength(Int64(content.count), paddedSize: 8192))
        let reference = BlobReference(sha256: SHA256Hasher.hex(of: content), byteCount: Int64(content.count))
        let url = store.url(for: reference)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.write(to: url)
        #expect {
            _ = try store.data(for: reference)
        } throws: { error in
            guard case .damagedBlob(_, _, let reason) = error as? BlobStoreError else { return false }
            return reason.contains("padding")
        }
        #expect(try !store.verify(reference))
    }

    /// Overwrites the committed blob's (read-only) file with `content`.
    func overwrite(_ reference: BlobReference, with content: Data) throws {
        let path = store.url(for: reference).path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try content.write(to: URL(fileURLWithPath: path))
    }
}
