import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ObjectGraph

@Suite struct BlobStoreTests {
    let scratch: TemporaryDirectory
    let store: BlobStore

    init() throws {
        scratch = try TemporaryDirectory(prefix: "blobstore")
        store = try BlobStore(directory: scratch.appending("Diary.blobs"))
    }

    static let abcHash = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    /// Names in the staging folder.
    func stagingContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.directory.appending(component: ".staging").path)
    }

    /// Bytes that differ from position to position, so a shifted or truncated copy shows.
    static func pattern(count: Int, seed: UInt8 = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) &+ seed })
    }

    /// Overwrites the committed blob's file (which is read-only) with `content`.
    func overwrite(_ reference: BlobReference, with content: Data) throws {
        let path = store.url(for: reference).path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try content.write(to: URL(fileURLWithPath: path))
    }

    @Test func stagingKnownContentGivesItsSHA256AndLength() throws {
        let staged = try store.stage(data: Data("abc".utf8))
        #expect(staged.sha256 == Self.abcHash)
        #expect(staged.byteCount == 3)
        #expect(staged.temporaryURL.deletingLastPathComponent().lastPathComponent == ".staging")
        #expect(FileManager.default.fileExists(atPath: staged.temporaryURL.path))
        #expect(
            try FileManager.default.attributesOfItem(atPath: staged.temporaryURL.path)[.posixPermissions] as? Int
                == 0o400)
        #expect(!store.contains(sha256: Self.abcHash))
    }

    @Test func commitPlacesTheFileAtShardedPathReadableByItsOwnerAlone() throws {
        let reference = try store.commit(try store.stage(data: Data("abc".utf8)))
        #expect(reference == BlobReference(sha256: Self.abcHash, byteCount: 3))
        let expected = store.directory.appending(path: "ba/78/\(Self.abcHash)")
        #expect(store.url(for: reference).path == expected.path)
        #expect(FileManager.default.fileExists(atPath: expected.path))
        let mode = try FileManager.default.attributesOfItem(atPath: expected.path)[.posixPermissions] as? Int
        #expect(mode == 0o400)
        for folder in [
            store.directory, store.directory.appending(path: "ba"), store.directory.appending(path: "ba/78"),
            store.directory.appending(path: ".staging")
        ] {
            #expect(
                try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700,
                "\(folder.path)")
        }
        #expect(store.contains(sha256: Self.abcHash))
        #expect(try stagingContents().isEmpty)
        #expect(try store.data(for: reference) == Data("abc".utf8))
    }

    @Test func emptyContentIsABlobToo() throws {
        let reference = try store.commit(try store.stage(data: Data()))
        #expect(reference.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(try store.data(for: reference).isEmpty)
        #expect(try store.verify(reference))
    }

    @Test func stagingAFileLargerThanAChunkStreamsAllOfIt() throws {
        let content = Self.pattern(count: 3 * BlobStore.chunkSize + 17)
        let source = scratch.appending("source.bin")
        try content.write(to: source)
        let staged = try store.stage(fileAt: source)
        #expect(staged.sha256 == SHA256Hasher.hex(of: content))
        #expect(staged.byteCount == Int64(content.count))
        let reference = try store.commit(staged)
        #expect(try store.data(for: reference) == content)
        let handle = try store.openForReading(reference)
        #expect(try handle.readToEnd() == content)
        #expect(try store.verify(reference))
    }

    @Test func stagingAFileAndItsDataGiveTheSameBlob() throws {
        let content = Self.pattern(count: 1000, seed: 7)
        let source = scratch.appending("same.bin")
        try content.write(to: source)
        let fromFile = try store.commit(try store.stage(fileAt: source))
        let fromData = try store.commit(try store.stage(data: content))
        #expect(fromFile == fromData)
        #expect(try store.allHashes() == [fromData.sha256])
    }

    @Test func committingTheSameContentTwiceKeepsOneFileAndNoTemporaries() throws {
        let first = try store.stage(data: Data("same".utf8))
        let second = try store.stage(data: Data("same".utf8))
        #expect(first.temporaryURL != second.temporaryURL)
        #expect(try store.commit(first) == store.commit(second))
        #expect(try store.allHashes().count == 1)
        #expect(try stagingContents().isEmpty)
        // Committing an already committed staged blob is harmless.
        #expect(try store.commit(first) == first.reference)
    }

    @Test func concurrentWritersOfTheSameContentAgree() throws {
        let content = Self.pattern(count: 5000, seed: 3)
        let store = self.store
        let results = Mutex<[BlobReference]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let reference = try? store.commit(store.stage(data: content)) {
                results.withLock { $0.append(reference) }
            }
        }
        let references = results.withLock { $0 }
        #expect(references.count == 8)
        #expect(Set(references).count == 1)
        #expect(try store.allHashes() == [SHA256Hasher.hex(of: content)])
        #expect(try stagingContents().isEmpty)
    }

    @Test func discardRemovesTheTemporaryFileAndToleratesRepeats() throws {
        let staged = try store.stage(data: Data("draft".utf8))
        store.discard(staged)
        #expect(!FileManager.default.fileExists(atPath: staged.temporaryURL.path))
        store.discard(staged)
        #expect(try stagingContents().isEmpty)
        #expect(throws: BlobStoreError.missingStagedFile(path: staged.temporaryURL.path)) {
            try store.commit(staged)
        }
        #expect(!store.contains(sha256: staged.sha256))
    }

    @Test func sweepRemovesExactlyTheUnreferencedBlobsAndStaleTemporaries() throws {
        let kept = try store.commit(try store.stage(data: Data("kept".utf8)))
        let dropped = try ["one", "two"].map { try store.commit(try store.stage(data: Data($0.utf8))) }
        let leftover = try store.stage(data: Data("crashed before commit".utf8))

        let removed = try store.sweep(keeping: [kept.sha256], temporaryFilesOlderThan: 0)

        let expectedHashes = dropped.map(\.sha256).sorted()
        #expect(removed == expectedHashes + [".staging/\(leftover.temporaryURL.lastPathComponent)"])
        #expect(try store.allHashes() == [kept.sha256])
        #expect(try store.verify(kept))
        #expect(try stagingContents().isEmpty)
    }

    @Test func sweepSparesTemporariesAWriterIsStillFilling() throws {
        let inFlight = try store.stage(data: Data("being written".utf8))
        #expect(try store.sweep(keeping: []).isEmpty)
        let reference = try store.commit(inFlight)
        #expect(try store.data(for: reference) == Data("being written".utf8))
    }

    @Test func verifyDetectsAFlippedByte() throws {
        let content = Self.pattern(count: 2000)
        let reference = try store.commit(try store.stage(data: content))
        #expect(try store.verify(reference))
        var damaged = content
        damaged[1234] ^= 0x01
        try overwrite(reference, with: damaged)
        #expect(try store.verify(reference) == false)
    }

    @Test func verifyAndReadDetectATruncatedFile() throws {
        let content = Self.pattern(count: 2000)
        let reference = try store.commit(try store.stage(data: content))
        try overwrite(reference, with: content.prefix(1999))
        #expect(try store.verify(reference) == false)
        #expect(throws: BlobStoreError.corruptBlob(sha256: reference.sha256)) {
            try store.data(for: reference)
        }
    }

    @Test func committingOverADamagedFileOfTheWrongLengthRepairsIt() throws {
        let content = Self.pattern(count: 300)
        let reference = try store.commit(try store.stage(data: content))
        try overwrite(reference, with: content.prefix(10))
        #expect(try store.commit(try store.stage(data: content)) == reference)
        #expect(try store.verify(reference))
    }

    @Test func committingOverADamagedFileOfTheSameLengthReplacesItWithTheVerifiedCopy() throws {
        let content = Self.pattern(count: 3000)
        let reference = try store.commit(try store.stage(data: content))
        var damaged = content
        damaged[2000] ^= 0x20
        try overwrite(reference, with: damaged)
        #expect(try store.commit(try store.stage(data: content)) == reference)
        #expect(try store.data(for: reference) == content)
        #expect(try store.verify(reference))
        #expect(try stagingContents().isEmpty)
    }

    @Test func aBatchCommitPlacesEveryBlobAndReturnsTheirReferencesInOrder() throws {
        let first = Self.pattern(count: 700, seed: 1), second = Self.pattern(count: 900, seed: 2)
        let staged = [try store.stage(data: first), try store.stage(data: second), try store.stage(data: first)]
        let references = try store.commit(staged)
        #expect(references == staged.map(\.reference))
        #expect(try store.data(for: references[0]) == first)
        #expect(try store.data(for: references[1]) == second)
        #expect(try store.allHashes() == Set([references[0].sha256, references[1].sha256]))
        #expect(try stagingContents().isEmpty)
        // Committed twice: the same references, nothing staged left to miss.
        #expect(try store.commit(staged) == references)
    }

    @Test func committingContentAlreadyStoredPutsTheFreshCopyInPlace() throws {
        let content = Self.pattern(count: 4000, seed: 3)
        let reference = try store.commit(try store.stage(data: content))
        // The staged copy, hashed as it was written, replaces the file (a new inode); nothing is read back.
        let path = store.fileURL(forValidHash: reference.sha256).path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(try store.commit(try store.stage(data: content)) == reference)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(before != after)
        #expect(try store.data(for: reference) == content)
        #expect(try stagingContents().isEmpty)
    }

    @Test func missingBlobsAreReportedByHash() throws {
        let reference = BlobReference(sha256: Self.abcHash, byteCount: 3)
        #expect(throws: BlobStoreError.missingBlob(sha256: Self.abcHash)) { try store.data(for: reference) }
        #expect(throws: BlobStoreError.missingBlob(sha256: Self.abcHash)) { try store.openForReading(reference) }
        #expect(throws: BlobStoreError.missingBlob(sha256: Self.abcHash)) { try store.verify(reference) }
        try store.remove(sha256: Self.abcHash)
    }

    @Test func removeDeletesTheFile() throws {
        let reference = try store.commit(try store.stage(data: Data("abc".utf8)))
        try store.remove(sha256: reference.sha256)
        #expect(!store.contains(sha256: reference.sha256))
        #expect(try store.allHashes().isEmpty)
    }

    @Test(arguments: [
        "../../../../etc/passwd",
        String(repeating: "A", count: 64),
        String(repeating: "a", count: 63),
        String(repeating: "a", count: 62) + "/x",
        String(repeating: "g", count: 64),
        ""
    ])
    func malformedHashesAreRejectedBeforeAnyPathIsBuilt(hash: String) throws {
        let reference = BlobReference(sha256: hash, byteCount: 1)
        #expect(!store.contains(sha256: hash))
        #expect(throws: BlobStoreError.invalidHash(hash)) { try store.remove(sha256: hash) }
        #expect(throws: BlobStoreError.invalidHash(hash)) { try store.data(for: reference) }
        #expect(throws: BlobStoreError.invalidHash(hash)) { try store.verify(reference) }
        #expect(throws: BlobStoreError.invalidHash(hash)) { try store.openForReading(reference) }
        let url = store.url(for: reference).standardizedFileURL
        #expect(url.deletingLastPathComponent().path == store.directory.path)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func allHashesIgnoresFilesThatAreNotBlobs() throws {
        let reference = try store.commit(try store.stage(data: Data("abc".utf8)))
        let fileManager = FileManager.default
        let misplaced = store.directory.appending(path: "ba/79")
        try fileManager.createDirectory(at: misplaced, withIntermediateDirectories: true)
        try Data().write(to: misplaced.appending(component: Self.abcHash))
        try Data().write(to: store.directory.appending(component: "README"))
        try Data().write(to: store.directory.appending(path: "ba/78/notes.txt"))
        try Data().write(to: store.directory.appending(component: "ff"))
        try Data().write(to: store.directory.appending(path: "ba/7a"))
        #expect(try store.allHashes() == [reference.sha256])
        #expect(try store.sweep(keeping: [reference.sha256], temporaryFilesOlderThan: 0).isEmpty)
    }

    @Test func initCreatesNestedDirectoriesAndRejectsAFile() throws {
        let nested = scratch.appending("a/b/c.blobs")
        _ = try BlobStore(directory: nested)
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(
                atPath: nested.appending(component: ".staging").path,
                isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)

        let file = scratch.appending("plain-file")
        try Data("x".utf8).write(to: file)
        #expect {
            _ = try BlobStore(directory: file)
        } throws: { error in
            guard case .directoryUnavailable(let path, _) = error as? BlobStoreError else { return false }
            return path == file.path
        }
    }

    @Test func stagingAnUnreadableSourceFailsAndLeavesNothingBehind() throws {
        let missing = scratch.appending("no-such-photo.jpg")
        #expect(throws: BlobStoreError.unreadableSource(path: missing.path, reason: "open: No such file or directory"))
        {
            try store.stage(fileAt: missing)
        }
        #expect {
            try store.stage(fileAt: scratch.url)
        } throws: { error in
            guard case .unreadableSource(_, let reason) = error as? BlobStoreError else { return false }
            return reason == "open: Is a directory"
        }
        #expect(try stagingContents().isEmpty)
    }

    @Test func stagingAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = scratch.appending("photo.jpg")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect {
            try store.stage(fileAt: fifo)
        } throws: { error in
            guard case .unreadableSource(let path, let reason) = error as? BlobStoreError else { return false }
            return path == fifo.path && reason.contains("not a regular file")
        }
        #expect(try stagingContents().isEmpty)
    }

    @Test func errorMessagesSayWhatToDo() {
        #expect(
            BlobStoreError.missingBlob(sha256: Self.abcHash).description
                == "Blob \(Self.abcHash) is missing from the blob directory. Restore it from a backup, or run a store check."
        )
        #expect(
            BlobStoreError.invalidHash("xyz").description == "'xyz' is not a SHA-256 hash (64 lower-case hex digits).")
        #expect(
            BlobStoreError.writeFailed(path: "/d/x", reason: "write: No space left on device").description
                == "Cannot write '/d/x': write: No space left on device. Check free disk space and permissions.")
    }

    @Test func referencesRoundTripThroughCodable() throws {
        let reference = BlobReference(sha256: Self.abcHash, byteCount: 3)
        let decoded = try JSONDecoder().decode(BlobReference.self, from: JSONEncoder().encode(reference))
        #expect(decoded == reference)
    }
}
