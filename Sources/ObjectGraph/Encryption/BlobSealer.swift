/// Seals one blob's content chunk by chunk, in the layout its cipher writes. Not `Sendable`:
/// one stream, one writer.
final class BlobSealer {
    /// The file's first ``BlobCipher/headerSize`` bytes.
    let header: [UInt8]
    /// Whether the file is version 3: its content padded, its length sealed after the header
    /// (``sealLength(_:)``).
    var isPadded: Bool { aead.layout == .paddedGCM }
    private let aead: BlobChunkAEAD
    private let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobCipher.sealedChunkSize, alignment: 16)

    /// A new stream under `cipher`'s key, with fresh random bytes in its header.
    init(_ cipher: BlobCipher) {
        (aead, header) = BlobChunkAEAD.sealing(cipher)
    }

    deinit {
        sealed.deallocate()
    }

    /// Seals `chunk` (at most ``BlobCipher/chunkSize`` bytes); the result is valid until the next call.
    func seal(_ chunk: UnsafeRawBufferPointer, final: Bool) -> UnsafeRawBufferPointer {
        let count = aead.seal(chunk, tag: final ? BlobCipher.finalTag : BlobCipher.messageTag, into: sealed)
        return UnsafeRawBufferPointer(rebasing: sealed[..<count])
    }

    /// Seals `content` (at most ``BlobCipher/batchChunks`` chunks of the content, none of them
    /// the trailer) chunk after chunk into the start of `output`, which has room for as many
    /// sealed chunks; returns the sealed length.
    func seal(chunksOf content: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int {
        var written = 0
        for start in stride(from: 0, to: content.count, by: BlobCipher.chunkSize) {
            let chunk = UnsafeRawBufferPointer(
                rebasing: content[start..<min(start + BlobCipher.chunkSize, content.count)])
            written += aead.seal(
                chunk, tag: BlobCipher.messageTag, into: UnsafeMutableRawBufferPointer(rebasing: output[written...]))
        }
        return written
    }

    /// A version 3 file's sealed length chunk (``BlobCipher/sealedLengthSize`` bytes, after the
    /// header), for content of `byteCount` bytes padded to `paddedSize`; sealed once the content
    /// is, as chunk number 0. The result is valid until the next call.
    func sealLength(_ byteCount: Int64, paddedSize: Int64) -> UnsafeRawBufferPointer {
        let count = aead.sealLength(byteCount, paddedSize: paddedSize, into: sealed)
        return UnsafeRawBufferPointer(rebasing: sealed[..<count])
    }

    /// The sealed trailer of content with SHA-256 `digest` and `byteCount` bytes.
    func sealTrailer(digest: [UInt8], byteCount: Int64) -> UnsafeRawBufferPointer {
        var trailer = digest
        withUnsafeBytes(of: UInt64(byteCount).littleEndian) { trailer.append(contentsOf: $0) }
        return trailer.withUnsafeBytes { seal($0, final: true) }
    }
}
