import Foundation
import ObjectGraph

/// Commits blobs to a ``BlobStore`` in a loop, half from memory and half streamed from a file,
/// repeating earlier content now and then to go through the dedup path, and prints
/// `blob <sha256> <byteCount>` after each commit returns.
struct BlobWriter {
    /// Where the blobs go.
    let blobDirectory: URL
    /// Where source files for ``BlobStore/stage(fileAt:)`` are written first.
    let scratchDirectory: URL
    /// A safety stop for a child nobody kills.
    let limit = 10_000

    /// Writes blobs until killed or until ``limit`` blobs are written.
    ///
    /// - Throws: ``BlobStoreError`` from the store, or a file error writing a source file.
    func run() throws {
        let store = try BlobStore(directory: blobDirectory)
        try FileManager.default.createDirectory(at: scratchDirectory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        var earlier: [Data] = []
        for index in 0..<limit {
            let content =
                index % 5 == 4 && !earlier.isEmpty
                ? earlier[Int.random(in: 0..<earlier.count, using: &generator)]
                : Self.content(byteCount: Self.randomSize(using: &generator), nonce: generator.next())
            if earlier.count < 8 { earlier.append(content) }
            let staged: StagedBlob
            if index.isMultiple(of: 2) {
                staged = try store.stage(data: content)
            } else {
                let source = scratchDirectory.appending(component: "source-\(getpid()).bin")
                try content.write(to: source)
                staged = try store.stage(fileAt: source)
            }
            let reference = try store.commit(staged)
            FileHandle.standardOutput.write(Data("blob \(reference.sha256) \(reference.byteCount)\n".utf8))
        }
    }

    /// Mostly small blobs, a third of them larger than the store's 64 KiB copy chunk.
    static func randomSize(using generator: inout some RandomNumberGenerator) -> Int {
        Int.random(in: 0..<3, using: &generator) == 0
            ? Int.random(in: 64 * 1024..<100 * 1024, using: &generator)
            : Int.random(in: 0..<8 * 1024, using: &generator)
    }

    /// `byteCount` bytes that differ for every `nonce`, cheap to make.
    static func content(byteCount: Int, nonce: UInt64) -> Data {
        let words = (0..<(byteCount + 7) / 8).map { (nonce &+ UInt64($0)) &* 0x9E37_79B9_7F4A_7C15 }
        return words.withUnsafeBytes { Data($0.prefix(byteCount)) }
    }
}
