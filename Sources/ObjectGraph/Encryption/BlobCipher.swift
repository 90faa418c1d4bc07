internal import CDeferredLibraries
internal import CSodium
import Foundation

/// The keys and the file layout of an encrypted blob store's files.
///
/// A blob file is libsodium's `crypto_secretstream_xchacha20poly1305` over the content:
///
/// ```
/// 0   "PDBLOB", version 1, log2 of the chunk size (16)        8 bytes, the preamble
/// 8   the secretstream header (its random nonce)              24 bytes
/// 32  the content in chunks of 64 KiB (the last one shorter), each sealed with TAG_MESSAGE
///     and 17 bytes longer; no chunk for empty content
///     then the trailer: the content's SHA-256 (32 bytes) and length (8 bytes, little
///     endian), sealed with TAG_FINAL (57 bytes)
/// ```
///
/// Every chunk authenticates the preamble as associated data. A reader knows from the file's
/// length where every chunk ends, so a flipped bit fails the chunk it is in, a truncated or
/// extended file fails at its last chunk (which is then not the FINAL one, or not where the
/// length says), and a blob file put in another's place fails on its trailer's SHA-256. The
/// trailer also lets a copy learn a blob's plaintext SHA-256 without any row.
///
/// The file of content with SHA-256 `h` is named by BLAKE2b-256 of `h`'s 32 bytes, keyed with a
/// subkey of the data key: identical content still lands in one file, and neither the name
/// nor the `ab/cd` folders say anything about the content.
///
/// The subkeys (KDF contexts `pdblobs_` for the stream, `pdnames_` for names, subkey id 1) live
/// in memory of their own, locked and zeroed like the data key.
struct BlobCipher: Sendable {
    /// The 8 bytes every encrypted blob file starts with.
    static let preamble: [UInt8] = Array("PDBLOB".utf8) + [version, UInt8(chunkSizeLog2)]
    /// The layout version written (and the only one read).
    static let version: UInt8 = 1
    /// log2 of the plaintext chunk size.
    static let chunkSizeLog2 = 16
    /// The plaintext bytes of every chunk but the last.
    static let chunkSize = 1 << chunkSizeLog2
    /// What sealing adds to a chunk: a tag byte and a 16-byte MAC.
    static let chunkOverhead = 17
    /// A full sealed chunk's length.
    static let sealedChunkSize = chunkSize + chunkOverhead
    /// How many chunks a writer seals at a time (a megabyte of plaintext): the unit hashed on
    /// one core while it is sealed on another, and written in one call.
    static let batchChunks = 16
    /// The secretstream header's length.
    static let streamHeaderSize = 24
    /// The preamble and the secretstream header.
    static let headerSize = 8 + streamHeaderSize
    /// The trailer's plaintext: SHA-256 and length.
    static let trailerSize = 32 + 8
    /// The sealed trailer's length.
    static let sealedTrailerSize = trailerSize + chunkOverhead
    /// The secretstream tags used.
    static let messageTag: UInt8 = 0
    static let finalTag: UInt8 = 3

    /// The secretstream key.
    let streamKey: SecretBytes
    /// The BLAKE2b key of names.
    let nameKey: SecretBytes

    /// The subkeys of `dataKey`. A key exists only once libsodium is loaded, so this cannot fail.
    init(dataKey: StoreEncryptionKey) {
        streamKey = Self.derive(from: dataKey, context: "pdblobs_")
        nameKey = Self.derive(from: dataKey, context: "pdnames_")
    }

    private static func derive(from key: StoreEncryptionKey, context: String) -> SecretBytes {
        let subkey = SecretBytes(count: 32)
        key.withUnsafeBytes { keyBytes in
            context.withCString { name in
                // Fails only for a subkey length outside 16…64; 32 is inside.
                _ = crypto_kdf_derive_from_key(subkey.pointer, 32, 1, name,
                                               keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return subkey
    }

    /// The file name of the content whose SHA-256 is the valid hash `sha256`: 64 lower-case hex
    /// digits of the keyed BLAKE2b-256 of its 32 bytes.
    func fileName(forValidHash sha256: String) -> String {
        var digest = Self.bytes(ofHex: sha256)
        var name = [UInt8](repeating: 0, count: 32)
        _ = crypto_generichash(&name, 32, &digest, 32, nameKey.pointer, 32)
        return SHA256Hasher.hex(ofDigest: name)
    }

    /// The bytes of an even-length lower-case hex string (already validated).
    static func bytes(ofHex text: String) -> [UInt8] {
        func value(_ digit: UInt8) -> UInt8 { digit >= 0x61 ? digit - 0x61 + 10 : digit - 0x30 }
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { value(digits[$0]) << 4 | value(digits[$0 + 1]) }
    }

    /// The file length of content of `byteCount` bytes.
    static func fileSize(ofContentSize byteCount: Int64) -> Int64 {
        let chunks = (byteCount + Int64(chunkSize) - 1) / Int64(chunkSize)
        return Int64(headerSize) + byteCount + chunks * Int64(chunkOverhead) + Int64(sealedTrailerSize)
    }

    /// The content length of a file of `fileSize` bytes, or nil when no content gives that length.
    static func contentSize(ofFileSize fileSize: Int64) -> Int64? {
        let body = fileSize - Int64(headerSize) - Int64(sealedTrailerSize)
        guard body >= 0 else { return nil }
        let chunks = (body + Int64(sealedChunkSize) - 1) / Int64(sealedChunkSize)
        let content = body - chunks * Int64(chunkOverhead)
        guard content >= 0, Self.fileSize(ofContentSize: content) == fileSize else { return nil }
        return content
    }
}

/// Secret bytes in memory of their own: locked against swapping where the system allows,
/// zeroed before they are freed. Immutable after `init`, so sharing across threads is safe.
final class SecretBytes: Sendable {
    /// The bytes; valid for the object's lifetime.
    nonisolated(unsafe) let pointer: UnsafeMutablePointer<UInt8>
    /// How many.
    let count: Int

    init(count: Int) {
        self.count = count
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: 0, count: count)
        _ = sodium_mlock(pointer, count)
    }

    deinit {
        sodium_memzero(pointer, count)
        _ = sodium_munlock(pointer, count)
        pointer.deallocate()
    }
}

/// Seals one blob's content chunk by chunk. Not `Sendable`: one stream, one writer.
final class BlobSealer {
    /// The file's first ``BlobCipher/headerSize`` bytes.
    private(set) var header = [UInt8](repeating: 0, count: BlobCipher.headerSize)
    private var state = crypto_secretstream_xchacha20poly1305_state()
    private let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobCipher.sealedChunkSize, alignment: 16)
    private var preamble = BlobCipher.preamble

    /// A new stream under `cipher`'s key, with a fresh random nonce.
    init(_ cipher: BlobCipher) {
        header.replaceSubrange(0..<8, with: BlobCipher.preamble)
        header.withUnsafeMutableBufferPointer { bytes in
            _ = crypto_secretstream_xchacha20poly1305_init_push(&state, bytes.baseAddress! + 8, cipher.streamKey.pointer)
        }
    }

    deinit {
        withUnsafeMutableBytes(of: &state) { sodium_memzero($0.baseAddress!, $0.count) }
        sealed.deallocate()
    }

    /// Seals `chunk` (at most ``BlobCipher/chunkSize`` bytes); the result is valid until the next call.
    func seal(_ chunk: UnsafeRawBufferPointer, final: Bool) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: sealed[..<seal(chunk, final: final, into: sealed)])
    }

    /// Seals `content` (at most ``BlobCipher/batchChunks`` chunks of the content, none of them
    /// the trailer) chunk after chunk into the start of `output`, which has room for as many
    /// sealed chunks; returns the sealed length.
    func seal(chunksOf content: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int {
        var written = 0
        for start in stride(from: 0, to: content.count, by: BlobCipher.chunkSize) {
            let chunk = UnsafeRawBufferPointer(rebasing: content[start..<min(start + BlobCipher.chunkSize, content.count)])
            written += seal(chunk, final: false, into: UnsafeMutableRawBufferPointer(rebasing: output[written...]))
        }
        return written
    }

    private func seal(_ chunk: UnsafeRawBufferPointer, final: Bool, into output: UnsafeMutableRawBufferPointer) -> Int {
        precondition(output.count >= chunk.count + BlobCipher.chunkOverhead && chunk.count <= BlobCipher.chunkSize)
        var length: UInt64 = 0
        _ = crypto_secretstream_xchacha20poly1305_push(
            &state, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length,
            chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(chunk.count),
            &preamble, UInt64(preamble.count), final ? BlobCipher.finalTag : BlobCipher.messageTag)
        return Int(length)
    }

    /// The sealed trailer of content with SHA-256 `digest` and `byteCount` bytes.
    func sealTrailer(digest: [UInt8], byteCount: Int64) -> UnsafeRawBufferPointer {
        var trailer = digest
        withUnsafeBytes(of: UInt64(byteCount).littleEndian) { trailer.append(contentsOf: $0) }
        return trailer.withUnsafeBytes { seal($0, final: true) }
    }
}

/// Opens one blob's chunks in order. Not `Sendable`: one stream, one reader.
final class BlobOpener {
    private var state = crypto_secretstream_xchacha20poly1305_state()
    private var preamble = BlobCipher.preamble

    /// The stream whose file starts with `header` (``BlobCipher/headerSize`` bytes), or nil
    /// when the header is not one this version writes.
    init?(_ cipher: BlobCipher, header: UnsafeRawBufferPointer) {
        guard header.count == BlobCipher.headerSize, header.prefix(8).elementsEqual(BlobCipher.preamble) else { return nil }
        let status = crypto_secretstream_xchacha20poly1305_init_pull(
            &state, header.baseAddress!.assumingMemoryBound(to: UInt8.self) + 8, cipher.streamKey.pointer)
        guard status == 0 else { return nil }
    }

    deinit {
        withUnsafeMutableBytes(of: &state) { sodium_memzero($0.baseAddress!, $0.count) }
    }

    /// Opens the sealed chunk `sealed` into `plain` (at least `sealed.count - 17` bytes): the
    /// plaintext length and the chunk's tag, or nil when it fails authentication.
    func open(_ sealed: UnsafeRawBufferPointer, into plain: UnsafeMutableRawBufferPointer) -> (count: Int, tag: UInt8)? {
        guard sealed.count >= BlobCipher.chunkOverhead else { return nil }
        var length: UInt64 = 0
        var tag: UInt8 = 0xFF
        let status = crypto_secretstream_xchacha20poly1305_pull(
            &state, plain.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, &tag,
            sealed.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(sealed.count),
            &preamble, UInt64(preamble.count))
        return status == 0 ? (Int(length), tag) : nil
    }
}
