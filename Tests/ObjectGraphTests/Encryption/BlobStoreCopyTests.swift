import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// `BlobStore.copyBlobs`, the conversion between plain and encrypted blob folders, and the
/// flat memory of encrypting a large file.
@Suite struct BlobStoreCopyTests {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory(prefix: "blobcopy")
    }

    /// Every file under `folder` but the staging folder's, by relative path, with its bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where !path.hasPrefix(".staging") {
            var isFolder: ObjCBool = false
            let full = folder.path + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func plainToEncryptedToPlainGivesByteIdenticalFiles() throws {
        let plain = try BlobStore(directory: scratch.appending("Plain.blobs"))
        var references: [BlobReference] = []
        for size in [0, 1, 65_536, 65_537, 300_000] {
            references.append(
                try plain.commit(
                    try plain.stage(data: BlobStoreEncryptionTests.pattern(count: size, seed: UInt8(size % 7)))))
        }
        let key = try StoreEncryptionKey.random(), otherKey = try StoreEncryptionKey.random()
        let encrypted = scratch.appending("Encrypted.blobs"), rekeyed = scratch.appending("Rekeyed.blobs")
        let back = scratch.appending("Back.blobs")
        try BlobStore.copyBlobs(from: plain.directory, key: nil, to: encrypted, key: key)
        try BlobStore.copyBlobs(from: encrypted, key: key, to: rekeyed, key: otherKey)
        try BlobStore.copyBlobs(from: rekeyed, key: otherKey, to: back, key: nil)
        #expect(try Self.files(in: back) == Self.files(in: plain.directory))
        let encryptedStore = BlobStore(readingDirectory: encrypted, encryptionKey: key)
        let rekeyedStore = BlobStore(readingDirectory: rekeyed, encryptionKey: otherKey)
        for reference in references {
            #expect(try encryptedStore.data(for: reference) == plain.data(for: reference))
            #expect(try rekeyedStore.verify(reference))
        }
        #expect(
            try Self.files(in: encrypted).keys.sorted()
                == references.map { "\(encryptedStore.fileName(forSHA256: $0.sha256))" }
                .map { "\($0.prefix(2))/\($0.dropFirst(2).prefix(2))/\($0)" }.sorted())
        #expect(try Self.mode(encrypted.path) == 0o700)
        for path in try Self.files(in: encrypted).keys {
            #expect(try Self.mode(encrypted.path + "/" + path) == 0o400)
            #expect(try Self.mode(encrypted.path + "/" + String(path.prefix(5))) == 0o700)
        }
    }

    @Test func aDamagedSourceBlobStopsTheCopyNamingIt() throws {
        let key = try StoreEncryptionKey.random()
        let store = try BlobStore(directory: scratch.appending("Source.blobs"), encryptionKey: key)
        let reference = try store.commit(try store.stage(data: BlobStoreEncryptionTests.pattern(count: 100_000)))
        let path = store.url(for: reference).path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[5_000] ^= 0x80
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect {
            try BlobStore.copyBlobs(from: store.directory, key: key, to: scratch.appending("Copy.blobs"), key: nil)
        } throws: { error in
            guard case .damagedBlob(_, let damagedPath, _) = error as? BlobStoreError else { return false }
            return damagedPath == path
        }
    }

    @Test func theDestinationMustBeNewOrEmpty() throws {
        let destination = scratch.appending("Taken.blobs")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: destination.appending(component: "something"))
        #expect(throws: BlobStoreError.self) {
            try BlobStore.copyBlobs(
                from: scratch.appending("Missing.blobs"), key: nil, to: destination,
                key: StoreEncryptionKey.random())
        }
    }

    /// The peak resident memory of this process, in bytes, since the last reset (`VmHWM`).
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    @Test func encryptingAndReadingA200MBFileKeepsMemoryFlat() throws {
        let source = scratch.appending("sparse.bin")
        let size: UInt64 = 200 << 20
        #expect(FileManager.default.createFile(atPath: source.path, contents: Data("start".utf8)))
        let handle = try FileHandle(forWritingTo: source)
        try handle.truncate(atOffset: size)
        try handle.close()
        let store = try BlobStore(directory: scratch.appending("Big.blobs"), encryptionKey: StoreEncryptionKey.random())
        // Reset the peak to what is resident now (Linux: "5" to clear_refs), then measure.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        guard let before = Self.residentBytes() else { return }
        let reference = try store.commit(try store.stage(fileAt: source))
        #expect(reference.byteCount == Int64(size))
        #expect(try store.verify(reference))
        let peak = try #require(Self.peakResidentBytes())
        // Other suites run in this process meanwhile and their allocations count too (CI saw
        // 61 MB of growth with streaming); a whole-file copy would add 200 MB, twice for the reading.
        #expect(peak - before < 150 << 20, "peak grew by \((peak - before) >> 20) MB")
    }
}
