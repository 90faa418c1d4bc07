import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// An encrypted BlobStore: round trips, deduplication, nothing of the plaintext on disk, and
/// damage detected and named.
@Suite struct BlobStoreEncryptionTests {
    let scratch: TemporaryDirectory
    let key: StoreEncryptionKey
    let store: BlobStore

    init() throws {
        scratch = try TemporaryDirectory(prefix: "blobcrypto")
        key = try StoreEncryptionKey.random()
        store = try BlobStore(directory: scratch.appending("Diary.blobs"), encryptionKey: key)
    }

    /// Bytes that differ from position to position, so a shifted or truncated copy shows.
    static func pattern(count: Int, seed: UInt8 = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) &+ seed })
    }

    /// Everything `reader` reads, through `read(into:)` in `bufferSize` pieces.
    static func readAll(_ reader: BlobReader, bufferSize: Int = 10_000) throws -> Data {
        var data = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { return data }
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Overwrites the committed blob's (read-only) file with `content`.
    func overwrite(_ reference: BlobReference, with content: Data) throws {
        let path = store.url(for: reference).path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try content.write(to: URL(fileURLWithPath: path))
    }

    func commit(_ data: Data) throws -> BlobReference {
        try store.commit(try store.stage(data: data))
    }

    // Around a chunk and around a batch (the half megabyte hashed and sealed on two cores).
    @Test(arguments: [
        0, 1, 65_535, 65_536, 65_537, 1 << 19 - 1, 1 << 19, 1 << 19 + 1, 1 << 20 - 1, 1 << 20, 1 << 20 + 1, 2 << 20,
        3 * 1024 * 1024 + 7
    ])
    func everySizeRoundTripsFromDataAndFromAFile(size: Int) throws {
        let content = Self.pattern(count: size, seed: UInt8(size % 251))
        let source = scratch.appending("source-\(size)")
        try content.write(to: source)
        let fromData = try store.stage(data: content)
        let fromFile = try store.stage(fileAt: source)
        #expect(fromData.sha256 == SHA256Hasher.hex(of: content))
        #expect(fromFile.reference == fromData.reference)
        #expect(fromData.byteCount == Int64(size))
        let reference = try store.commit(fromFile)
        store.discard(fromData)
        #expect(try store.data(for: reference) == content)
        #expect(try Self.readAll(store.openContents(reference)) == content)
        #expect(try store.openForReading(reference).readToEnd() ?? Data() == content)
        #expect(try store.verify(reference))
        let copy = try store.decryptedCopy(of: reference)
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(try Data(contentsOf: copy) == content)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.url(for: reference).path)
        #expect(
            (attributes[.size] as? NSNumber)?.int64Value
                == BlobCipher.fileSize(ofContentSize: Int64(size), layout: .paddedGCM))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o400)
        #expect(store.fileSize(ofBlob: store.fileName(forSHA256: reference.sha256)) == Int64(size))
        let unpadded = BlobCipher.fileSize(ofContentSize: Int64(size), layout: .fileKeyGCM)
        #expect(BlobCipher.contentSize(ofUnpaddedFileSize: unpadded) == Int64(size))
    }

    @Test func identicalContentUnderOneKeyIsOneFileAndAnotherKeyNamesItOtherwise() throws {
        let content = Self.pattern(count: 200_000)
        let first = try commit(content)
        let second = try commit(content)
        #expect(first == second)
        #expect(try store.allHashes() == [store.fileName(forSHA256: first.sha256)])
        #expect(store.fileName(forSHA256: first.sha256) != first.sha256)
        let other = try BlobStore(
            directory: scratch.appending("Other.blobs"), encryptionKey: StoreEncryptionKey.random())
        #expect(other.fileName(forSHA256: first.sha256) != store.fileName(forSHA256: first.sha256))
        let sameKey = try BlobStore(directory: scratch.appending("Same.blobs"), encryptionKey: key)
        #expect(sameKey.fileName(forSHA256: first.sha256) == store.fileName(forSHA256: first.sha256))
        #expect(store.contains(sha256: first.sha256))
        try store.remove(sha256: first.sha256)
        #expect(!store.contains(sha256: first.sha256))
        #expect(try store.allHashes().isEmpty)
    }

    @Test func noByteStringOfThePlaintextNorItsHashIsInTheFolder() throws {
        let marker = Data("PhotoDiary secret entry text: Met Anna at the harbour at dawn".utf8)
        let content = marker + Self.pattern(count: 150_000, seed: 9) + marker
        let staged = try store.stage(data: content)
        let digest = Data(BlobCipher.bytes(ofHex: staged.sha256))
        let needles = [
            marker, Data(staged.sha256.utf8), Data(staged.sha256.uppercased().utf8), digest,
            content.subdata(in: 70_000..<70_016), content.subdata(in: 140_000..<140_016)
        ]
        func scan() throws {
            let root = store.directory.path
            for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
                #expect(!path.lowercased().contains(staged.sha256), "\(path) names the content's hash")
                #expect(!path.lowercased().contains(staged.sha256.prefix(16)))
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder),
                    !isFolder.boolValue
                else { continue }
                let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
                for needle in needles { #expect(bytes.range(of: needle) == nil, "\(path) holds plaintext") }
            }
        }
        try scan()  // The staged (temporary) file.
        _ = try store.commit(staged)
        try scan()  // The committed one.
        #expect(try store.allHashes().count == 1)
    }

    @Test func aFlippedBitAnywhereFailsNamingTheBlob() throws {
        let content = Self.pattern(count: 3 * 65_536 + 100)
        let reference = try commit(content)
        let sealed = try Data(contentsOf: store.url(for: reference))
        // In the header, in the first, a middle and the last chunk, in the trailer.
        for offset in [10, 40, 65_600, 3 * 65_553 + 50, sealed.count - 3] {
            var damaged = sealed
            damaged[offset] ^= 0x04
            try overwrite(reference, with: damaged)
            #expect(try !store.verify(reference), "offset \(offset)")
            #expect {
                _ = try store.data(for: reference)
            } throws: { error in
                guard case .damagedBlob(let sha256, let path, _) = error as? BlobStoreError else { return false }
                return sha256 == reference.sha256 && path == store.url(for: reference).path
            }
        }
        try overwrite(reference, with: sealed)
        #expect(try store.verify(reference))
    }

    // Beyond the first batches, where a stream opens the next batch while it hashes the last.
    @Test func aFlippedBitOrACutInALaterBatchFailsTheStream() throws {
        let reference = try commit(Self.pattern(count: 2 * (1 << 20) + 300))
        let sealed = try Data(contentsOf: store.url(for: reference))
        let header = BlobCipher.headerSize + BlobCipher.sealedLengthSize, chunk = BlobCipher.sealedChunkSize
        for offset in [header + 16 * chunk + 9, header + 31 * chunk + 70, header + 32 * chunk + 5] {
            var damaged = sealed
            damaged[offset] ^= 0x40
            try overwrite(reference, with: damaged)
            #expect(try !store.verify(reference), "offset \(offset)")
        }
        for cut in [header + 16 * chunk, header + 32 * chunk] {
            try overwrite(reference, with: Data(sealed.prefix(cut)))
            #expect(try !store.verify(reference), "cut at \(cut)")
        }
        try overwrite(reference, with: sealed)
        #expect(try store.verify(reference))
    }

    @Test func aTruncatedOrExtendedBlobFails() throws {
        let reference = try commit(Self.pattern(count: 2 * 65_536 + 10))
        let sealed = try Data(contentsOf: store.url(for: reference))
        let header = BlobCipher.headerSize + BlobCipher.sealedLengthSize, chunk = BlobCipher.sealedChunkSize
        // Cut at a chunk boundary (a whole chunk and the trailer gone), mid-chunk, the trailer
        // alone, one byte; and a byte appended.
        let variants = [
            sealed.prefix(header + chunk), sealed.prefix(header + chunk + 100),
            sealed.prefix(sealed.count - BlobCipher.sealedTrailerSize), sealed.prefix(sealed.count - 1),
            sealed.prefix(header), Data(), sealed + Data([0])
        ]
        for variant in variants {
            try overwrite(reference, with: Data(variant))
            #expect(try !store.verify(reference), "\(variant.count) bytes")
            #expect(throws: BlobStoreError.self) { try Self.readAll(store.openContents(reference)) }
        }
    }

    @Test func twoSwappedBlobsFailBothAndTheCheckListsExactlyTheDamaged() throws {
        let references = try (0..<5).map { try commit(Self.pattern(count: 70_000 + $0, seed: UInt8($0))) }
        let first = try Data(contentsOf: store.url(for: references[1]))
        let second = try Data(contentsOf: store.url(for: references[3]))
        try overwrite(references[1], with: second)
        try overwrite(references[3], with: first)
        var flipped = try Data(contentsOf: store.url(for: references[4]))
        flipped[100] ^= 1
        try overwrite(references[4], with: flipped)
        #expect {
            _ = try store.openContents(references[1]).stream(mappingErrors: { $0 }) { (_) throws(BlobStoreError) in }
        } throws: { error in
            guard case .damagedBlob(let sha256, _, let reason) = error as? BlobStoreError else { return false }
            return sha256 == references[1].sha256 && reason.contains("swapped")
        }
        #expect(try references.map { try store.verify($0) } == [true, false, true, false, false])
        let damaged = try store.damagedBlobFiles().map(\.name)
        #expect(damaged == [1, 3, 4].map { store.fileName(forSHA256: references[$0].sha256) }.sorted())
    }

    @Test func sweepKeepsReferencedBlobsByTheirKeyedNames() throws {
        let kept = try commit(Self.pattern(count: 1_000, seed: 1))
        let dropped = try commit(Self.pattern(count: 1_000, seed: 2))
        let removed = try store.sweep(keeping: [kept.sha256], temporaryFilesOlderThan: 0)
        #expect(removed == [store.fileName(forSHA256: dropped.sha256)])
        #expect(store.contains(sha256: kept.sha256))
        #expect(!store.contains(sha256: dropped.sha256))
    }

    @Test func aPlainStoreCannotReadAnEncryptedBlobAndAnotherKeyFails() throws {
        let reference = try commit(Self.pattern(count: 5_000))
        let wrongKey = BlobStore(readingDirectory: store.directory, encryptionKey: try StoreEncryptionKey.random())
        #expect(throws: BlobStoreError.missingBlob(sha256: reference.sha256)) { try wrongKey.data(for: reference) }
        #expect(try wrongKey.damagedBlobFiles().count == 1)
        #expect(throws: BlobStoreError.missingBlob(sha256: reference.sha256)) {
            try BlobStore(readingDirectory: store.directory).data(for: reference)
        }
    }
}
