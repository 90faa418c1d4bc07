internal import CDeferredLibraries
internal import CSodium
import Foundation

/// The keys and the file layout of an encrypted blob store's files.
///
/// A blob file is the content in sealed chunks, in one of three layouts that share one geometry:
///
/// ```
/// 0   "PDBLOB", the layout version (1, 2 or 3), log2 of the chunk size (16)  8 bytes, the preamble
/// 8   24 random bytes: version 1's secretstream header, versions 2 and 3's key salt
/// 32  version 3 only: the content's length and its padded length (8 bytes each, little
///     endian) sealed with tag 1 (33 bytes)
/// …   the content (version 3: padded with zeros to its bucket, `BlobPadding`) in chunks of
///     64 KiB (the last one shorter), each sealed with tag 0 (a message) and 17 bytes longer;
///     no chunk for empty content in versions 1 and 2
///     then the trailer: the content's SHA-256 (32 bytes) and length (8 bytes, little
///     endian), sealed with tag 3 (the end; 57 bytes)
/// ```
///
/// - Version 1 is libsodium's `crypto_secretstream_xchacha20poly1305`: a chunk is its
///   encrypted tag byte, the ciphertext and a 16-byte MAC.
/// - Version 2 (wherever Nettle has AES, which is everywhere; with the CPU's AES and carry-less
///   multiply instructions it seals twice as fast as version 1, which made an encrypted import
///   of a 36 MB photo and recording 1.25 times slower than a plain one): a chunk is its tag byte,
///   the ciphertext, and the 16-byte tag of AES-256-GCM under the file's own key, which is
///   BLAKE2b-256 of the salt keyed with a subkey of the data key. The nonce is the chunk's
///   number (0, 1, … counting the trailer; 96 bits, little endian), and the associated data is
///   the preamble and the tag byte. This is the STREAM construction of Hoang, Reyhanitabar,
///   Rogaway and Vizár: a random key per file, a counter nonce, the last chunk marked.
/// - Version 3, written now, is version 2 with the content padded, so that a file's length
///   says only which bucket the content's size falls in (`BlobPadding`: the next multiple of
///   4 KiB, or of 1/32 of the size's power of two). The content's true length and its padded
///   length come first, sealed as chunk number 0 (tag 1), so a reader knows at once where the
///   content ends and the zeros begin, whatever rule chose the padding; the padded content's
///   chunks are numbers 1, 2, …, then the trailer. A writer learns the length only at the end,
///   so it seals the length chunk last and writes it into the 33 bytes it left after the
///   header. The padding is sealed with the content, and a reader also checks that it opens to
///   zeros. (The mirror's change sets are version 3 files padded to their own length.)
///
/// Every chunk authenticates the preamble as associated data. A reader knows from the file's
/// length (versions 1 and 2) or the sealed length (version 3) where every chunk ends, so a
/// flipped bit fails the chunk it is in, a truncated or extended file fails at its last chunk
/// (which is then not the final one, or not where the length says) or at once because its
/// length is not the one its sealed length pads to, chunks moved within a file or from another
/// file fail (their number or their key differs), and a blob file put in another's place fails
/// on its trailer's SHA-256. The trailer also lets a copy learn a blob's plaintext SHA-256
/// without any row. All layouts are read, so a store keeps the files it had, whichever version
/// wrote them.
///
/// The file of content with SHA-256 `h` is named by BLAKE2b-256 of `h`'s 32 bytes, keyed with a
/// subkey of the data key: identical content still lands in one file, and neither the name
/// nor the `ab/cd` folders say anything about the content.
///
/// The subkeys (KDF contexts `pdblobs_` for version 1's stream, `pdblobs2` for versions 2 and 3's
/// file keys, `pdnames_` for names, subkey id 1) live in memory of their own, locked and zeroed
/// like the data key.
struct BlobCipher: Sendable {
    /// The layout versions written (``layout``) and read.
    enum Layout: UInt8, Sendable, CaseIterable {
        /// libsodium's secretstream (XChaCha20-Poly1305).
        case secretstream = 1
        /// AES-256-GCM over a key of the file's own, counter nonces.
        case fileKeyGCM = 2
        /// As ``fileKeyGCM``, with the content's length sealed first and the content padded to
        /// its bucket (`BlobPadding`).
        case paddedGCM = 3

        /// Whether chunks are AES-256-GCM under a key of the file's own (versions 2 and 3).
        var usesFileKey: Bool { self != .secretstream }
    }

    /// The 6 bytes every encrypted blob file starts with, whatever its layout.
    static let magic = Array("PDBLOB".utf8)
    /// The 8 bytes that begin a blob file of `layout`.
    static func preamble(_ layout: Layout) -> [UInt8] {
        magic + [layout.rawValue, UInt8(chunkSizeLog2)]
    }
    /// log2 of the plaintext chunk size.
    static let chunkSizeLog2 = 16
    /// The plaintext bytes of every chunk but the last.
    static let chunkSize = 1 << chunkSizeLog2
    /// What sealing adds to a chunk: a tag byte and a 16-byte MAC.
    static let chunkOverhead = 17
    /// A full sealed chunk's length.
    static let sealedChunkSize = chunkSize + chunkOverhead
    /// How many chunks a writer seals at a time (half a megabyte of plaintext): the unit hashed
    /// on one core while it is sealed on another, and written in one call. A batch's plaintext
    /// and ciphertext together (1.03 MiB) stay in one core's 2 MiB L2 cache here; with a megabyte
    /// they did not, and copying the sealed batch into the page cache cost 8 ms more of CPU in
    /// a 36 MB import.
    static let batchChunks = 8
    /// The random bytes after the preamble: the secretstream header, or the file key's salt.
    static let streamHeaderSize = 24
    /// The preamble and the random bytes.
    static let headerSize = 8 + streamHeaderSize
    /// The trailer's plaintext: SHA-256 and length.
    static let trailerSize = 32 + 8
    /// The sealed trailer's length.
    static let sealedTrailerSize = trailerSize + chunkOverhead
    /// The tag of a chunk of content.
    static let messageTag: UInt8 = 0
    /// The tag of the trailer, the stream's last chunk.
    static let finalTag: UInt8 = 3
    /// The tag of version 3's length chunk, the stream's first.
    static let lengthTag: UInt8 = 1
    /// Version 3's length chunk's plaintext: the content's length and its padded length.
    static let lengthSize = 16
    /// Version 3's sealed length chunk's length.
    static let sealedLengthSize = lengthSize + chunkOverhead

    /// The layout new files are written in.
    let layout: Layout
    /// Version 1's secretstream key.
    let streamKey: SecretBytes
    /// Version 2's key of file keys.
    let fileKeyKey: SecretBytes
    /// The BLAKE2b key of names.
    let nameKey: SecretBytes

    /// The subkeys of `dataKey`, writing `layout`. A key exists only once libsodium is loaded, so
    /// this cannot fail.
    init(dataKey: StoreEncryptionKey, layout: Layout = .paddedGCM) {
        self.layout = layout
        streamKey = Self.derive(from: dataKey, context: "pdblobs_")
        fileKeyKey = Self.derive(from: dataKey, context: "pdblobs2")
        nameKey = Self.derive(from: dataKey, context: "pdnames_")
    }

    private static func derive(from key: StoreEncryptionKey, context: String) -> SecretBytes {
        let subkey = SecretBytes(count: 32)
        key.withUnsafeBytes { keyBytes in
            context.withCString { name in
                // Fails only for a subkey length outside 16…64; 32 is inside.
                _ = crypto_kdf_derive_from_key(
                    subkey.pointer, 32, 1, name,
                    keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return subkey
    }

    /// The AES key of the version 2 file whose header carries `salt` (``streamHeaderSize`` bytes).
    func fileKey(salt: UnsafeRawPointer) -> SecretBytes {
        let key = SecretBytes(count: 32)
        _ = crypto_generichash(
            key.pointer, 32, salt.assumingMemoryBound(to: UInt8.self),
            UInt64(Self.streamHeaderSize), fileKeyKey.pointer, 32)
        return key
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

    /// The length of a file of `layout` that holds content of `byteCount` bytes (version 3:
    /// padded to its bucket).
    static func fileSize(ofContentSize byteCount: Int64, layout: Layout) -> Int64 {
        guard layout == .paddedGCM else { return unpaddedFileSize(ofContentSize: byteCount) }
        return fileSize(ofPaddedSize: BlobPadding.paddedSize(ofContentSize: byteCount))
    }

    /// The length of a version 3 file whose content is padded to `paddedSize` bytes.
    static func fileSize(ofPaddedSize paddedSize: Int64) -> Int64 {
        Int64(sealedLengthSize) + unpaddedFileSize(ofContentSize: paddedSize)
    }

    /// The length of a file of version 1 or 2 that holds content of `byteCount` bytes: the
    /// header, the content in sealed chunks, the trailer.
    private static func unpaddedFileSize(ofContentSize byteCount: Int64) -> Int64 {
        let chunks = (byteCount + Int64(chunkSize) - 1) / Int64(chunkSize)
        return Int64(headerSize) + byteCount + chunks * Int64(chunkOverhead) + Int64(sealedTrailerSize)
    }

    /// The content length of a version 1 or 2 file (which are not padded) of `fileSize` bytes,
    /// or nil when no content gives that length. A version 3 file's length gives only a bucket:
    /// its content length is the one sealed at its start (``BlobReader/byteCount``).
    static func contentSize(ofUnpaddedFileSize fileSize: Int64) -> Int64? {
        let body = fileSize - Int64(headerSize) - Int64(sealedTrailerSize)
        guard body >= 0 else { return nil }
        let chunks = (body + Int64(sealedChunkSize) - 1) / Int64(sealedChunkSize)
        let content = body - chunks * Int64(chunkOverhead)
        guard content >= 0, unpaddedFileSize(ofContentSize: content) == fileSize else { return nil }
        return content
    }
}
