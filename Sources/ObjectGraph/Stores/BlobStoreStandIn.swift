import Foundation

// A minimal stand-in for the `BlobStore` being written on branch og-blobs, with the same
// API, so the stores can be coded against it now. Delete this file when og-blobs merges.

/// Content-addressed blob files under one directory (`ab/cd/<sha256>`). Stand-in.
final class BlobStore: Sendable {
    let directory: URL

    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func stage(fileAt url: URL) throws -> StagedBlob {
        guard let input = FileHandle(forReadingAtPath: url.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? input.close() }
        let temporary = directory.appendingPathComponent("tmp-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: temporary.path, contents: nil)
        guard let output = FileHandle(forWritingAtPath: temporary.path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        defer { try? output.close() }
        let hasher = SHA256Hasher()
        var count: Int64 = 0
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
            try output.write(contentsOf: chunk)
            count += Int64(chunk.count)
        }
        try output.synchronize()
        return StagedBlob(sha256: hasher.finalizeHex(), byteCount: count, temporaryURL: temporary)
    }

    func stage(data: Data) throws -> StagedBlob {
        let temporary = directory.appendingPathComponent("tmp-\(UUID().uuidString)")
        try data.write(to: temporary)
        let handle = try FileHandle(forWritingTo: temporary)
        try handle.synchronize()
        try handle.close()
        return StagedBlob(sha256: SHA256Hasher.hex(of: data), byteCount: Int64(data.count), temporaryURL: temporary)
    }

    func commit(_ staged: StagedBlob) throws -> BlobReference {
        let reference = BlobReference(sha256: staged.sha256, byteCount: staged.byteCount)
        let target = url(for: reference)
        if FileManager.default.fileExists(atPath: target.path) {
            discard(staged)
        } else {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: staged.temporaryURL, to: target)
        }
        return reference
    }

    func discard(_ staged: StagedBlob) {
        try? FileManager.default.removeItem(at: staged.temporaryURL)
    }

    func url(for reference: BlobReference) -> URL { url(sha256: reference.sha256) }

    private func url(sha256: String) -> URL {
        let characters = Array(sha256)
        let first = characters.count >= 2 ? String(characters[0..<2]) : "00"
        let second = characters.count >= 4 ? String(characters[2..<4]) : "00"
        return directory.appendingPathComponent(first).appendingPathComponent(second).appendingPathComponent(sha256)
    }

    func data(for reference: BlobReference) throws -> Data { try Data(contentsOf: url(for: reference)) }

    func contains(sha256: String) -> Bool { FileManager.default.fileExists(atPath: url(sha256: sha256).path) }

    func remove(sha256: String) throws {
        let target = url(sha256: sha256)
        if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
    }

    func sweep(keeping referenced: Set<String>) throws -> [String] {
        var removed: [String] = []
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let isBlob = name.count == 64 && !referenced.contains(name)
            guard isBlob || name.hasPrefix("tmp-") else { continue }
            try FileManager.default.removeItem(at: url)
            removed.append(name)
        }
        return removed.sorted()
    }

    func verify(_ reference: BlobReference) throws -> Bool {
        SHA256Hasher.hex(of: try data(for: reference)) == reference.sha256
    }
}

/// A blob written to a temporary file, not yet committed. Stand-in.
struct StagedBlob: Sendable, Hashable {
    let sha256: String
    let byteCount: Int64
    let temporaryURL: URL
}

/// A committed blob: its hash and length. Stand-in.
@usableFromInline
struct BlobReference: Sendable, Hashable, Codable {
    let sha256: String
    let byteCount: Int64
}
