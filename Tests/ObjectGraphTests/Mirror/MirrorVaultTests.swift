import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// What a sync remote learns of sizes: a medium's file is padded to its bucket, as in an
/// encrypted store; a change set's is sealed at its own length.
@Suite struct MirrorVaultTests {
    let scratch: TemporaryDirectory
    let vault: MirrorVault

    init() throws {
        scratch = try TemporaryDirectory(prefix: "mirrorvault")
        vault = try MirrorVault(key: StoreEncryptionKey.random(), folder: scratch.appending("scratch"))
    }

    func size(_ url: URL) throws -> Int64 {
        try #require((try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value)
    }

    @Test(arguments: [1, 4095, 300_001, 1_000_000])
    func aMediumSealedForTheRemoteIsPaddedToItsBucket(byteCount: Int) throws {
        let local = try BlobStore(directory: scratch.appending("Diary.blobs"))
        let content = Data((0..<byteCount).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let reference = try local.commit(try local.stage(data: content))
        let sealed = try vault.seal(reference, from: local)
        defer { vault.discard(sealed) }
        #expect(
            try size(sealed.temporaryURL) == BlobCipher.fileSize(ofContentSize: Int64(byteCount), layout: .paddedGCM))
        #expect(try Data(contentsOf: sealed.temporaryURL)[6] == BlobCipher.Layout.paddedGCM.rawValue)
        let received = try BlobStore(directory: scratch.appending("Other.blobs"))
        let staged = try #require(vault.unseal(sealed.temporaryURL, as: reference, into: received))
        #expect(try received.data(for: received.commit(staged)) == content)
    }

    @Test func aChangeSetIsSealedAtItsOwnLength() throws {
        let changeSet = Data(String(repeating: "{\"uuid\": \"…\"}", count: 40).utf8)
        let sealed = try vault.seal(changeSet)
        defer { vault.discard(sealed) }
        #expect(try size(sealed.temporaryURL) == BlobCipher.fileSize(ofPaddedSize: Int64(changeSet.count)))
        #expect(vault.open(sealed.temporaryURL) == changeSet)
    }
}
