internal import CDeferredLibraries
internal import CNettle
internal import CSodium

/// The authenticated encryption of one blob file's chunks, in that file's layout (see
/// `BlobCipher`): chunks are sealed, or opened, one after the other from the first.
///
/// Not `Sendable`: one file's stream, one writer or one reader.
final class BlobChunkAEAD {
    /// The file's layout.
    let layout: BlobCipher.Layout
    /// Version 1's stream state.
    private let stream: UnsafeMutablePointer<crypto_secretstream_xchacha20poly1305_state>?
    /// The AES-GCM state of versions 2 and 3, keyed with the file's key.
    private let gcm: UnsafeMutablePointer<gcm_aes256_ctx>?
    /// The memory that holds `stream` or `gcm` (its key schedule is as secret as the key):
    /// locked, out of core dumps, zeroed when this goes.
    private let stateMemory: SecretBytes
    /// The preamble, then (version 2) the chunk's tag byte: the associated data.
    private var associated: [UInt8]
    /// The next chunk's number, the nonce of versions 2 and 3. A version 3 writer starts at 1:
    /// number 0 is the length chunk's, which it seals last (``sealLength(_:into:)``).
    private var chunkNumber: UInt64 = 0

    /// A stream for a new file in `cipher`'s layout, and the file's header
    /// (``BlobCipher/headerSize`` bytes), with fresh random bytes.
    static func sealing(_ cipher: BlobCipher) -> (BlobChunkAEAD, header: [UInt8]) {
        var header = BlobCipher.preamble(cipher.layout) + [UInt8](repeating: 0, count: BlobCipher.streamHeaderSize)
        let aead = header.withUnsafeMutableBufferPointer { bytes in
            let random = bytes.baseAddress! + 8
            switch cipher.layout {
            case .secretstream:
                let (memory, state) = SecretBytes.holding(crypto_secretstream_xchacha20poly1305_state.self)
                _ = crypto_secretstream_xchacha20poly1305_init_push(state, random, cipher.streamKey.pointer)
                return BlobChunkAEAD(layout: .secretstream, stream: state, gcm: nil, memory: memory)
            case .fileKeyGCM, .paddedGCM:
                randombytes_buf(random, BlobCipher.streamHeaderSize)
                let (memory, state) = Self.gcmState(cipher, salt: random)
                return BlobChunkAEAD(layout: cipher.layout, stream: nil, gcm: state, memory: memory)
            }
        }
        if aead.layout == .paddedGCM { aead.chunkNumber = 1 }
        return (aead, header)
    }

    /// The stream of the file that starts with `header` (``BlobCipher/headerSize`` bytes), or
    /// nil when the header is not one of a layout this version reads.
    static func opening(_ cipher: BlobCipher, header: UnsafeRawBufferPointer) -> BlobChunkAEAD? {
        guard header.count == BlobCipher.headerSize, header.prefix(6).elementsEqual(BlobCipher.magic),
            let layout = BlobCipher.Layout(rawValue: header[6]),
            header.prefix(8).elementsEqual(BlobCipher.preamble(layout))
        else { return nil }
        let random = header.baseAddress! + 8
        switch layout {
        case .secretstream:
            let (memory, state) = SecretBytes.holding(crypto_secretstream_xchacha20poly1305_state.self)
            let status = crypto_secretstream_xchacha20poly1305_init_pull(
                state, random.assumingMemoryBound(to: UInt8.self), cipher.streamKey.pointer)
            let aead = BlobChunkAEAD(layout: .secretstream, stream: state, gcm: nil, memory: memory)
            return status == 0 ? aead : nil
        case .fileKeyGCM, .paddedGCM:
            let (memory, state) = Self.gcmState(cipher, salt: random)
            return BlobChunkAEAD(layout: layout, stream: nil, gcm: state, memory: memory)
        }
    }

    /// An AES-GCM state keyed with the file key of `salt`, in secret memory.
    private static func gcmState(
        _ cipher: BlobCipher,
        salt: UnsafeRawPointer
    ) -> (SecretBytes, UnsafeMutablePointer<gcm_aes256_ctx>) {
        let (memory, state) = SecretBytes.holding(gcm_aes256_ctx.self)
        let key = cipher.fileKey(salt: salt)
        nettle_gcm_aes256_set_key(state, key.pointer)
        return (memory, state)
    }

    private init(
        layout: BlobCipher.Layout,
        stream: UnsafeMutablePointer<crypto_secretstream_xchacha20poly1305_state>?,
        gcm: UnsafeMutablePointer<gcm_aes256_ctx>?, memory: SecretBytes
    ) {
        self.layout = layout
        self.stream = stream
        self.gcm = gcm
        stateMemory = memory
        associated = BlobCipher.preamble(layout) + (layout.usesFileKey ? [0] : [])
    }

    /// Seals the next chunk, `chunk` (at most ``BlobCipher/chunkSize`` bytes) with `tag`, into
    /// the start of `output` (room for 17 bytes more); returns the sealed length.
    func seal(_ chunk: UnsafeRawBufferPointer, tag: UInt8, into output: UnsafeMutableRawBufferPointer) -> Int {
        precondition(output.count >= chunk.count + BlobCipher.chunkOverhead && chunk.count <= BlobCipher.chunkSize)
        let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let plain = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self)
        guard let gcm else {
            var length: UInt64 = 0
            _ = crypto_secretstream_xchacha20poly1305_push(
                stream!, out, &length, plain, UInt64(chunk.count), &associated, UInt64(associated.count), tag)
            return Int(length)
        }
        out[0] = tag
        startChunk(gcm, tag: tag, number: chunkNumber)
        chunkNumber += 1
        if let plain { nettle_gcm_aes256_encrypt(gcm, chunk.count, out + 1, plain) }
        nettle_gcm_aes256_digest(gcm, 16, out + 1 + chunk.count)
        return chunk.count + BlobCipher.chunkOverhead
    }

    /// Seals a version 3 file's length chunk, the content's length `byteCount` and its padded
    /// length `paddedSize`, as chunk number 0 (whatever was sealed before) into the start of
    /// `output` (room for ``BlobCipher/sealedLengthSize`` bytes); returns the sealed length.
    func sealLength(_ byteCount: Int64, paddedSize: Int64, into output: UnsafeMutableRawBufferPointer) -> Int {
        guard let gcm, layout == .paddedGCM, let base = output.baseAddress, output.count >= BlobCipher.sealedLengthSize
        else {
            preconditionFailure("only a version 3 stream seals a length chunk, into room for it")
        }
        let out = base.assumingMemoryBound(to: UInt8.self)
        out[0] = BlobCipher.lengthTag
        startChunk(gcm, tag: BlobCipher.lengthTag, number: 0)
        var lengths = (UInt64(byteCount).littleEndian, UInt64(paddedSize).littleEndian)
        withUnsafeBytes(of: &lengths) { plain in
            nettle_gcm_aes256_encrypt(
                gcm, BlobCipher.lengthSize, out + 1, plain.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        nettle_gcm_aes256_digest(gcm, 16, out + 1 + BlobCipher.lengthSize)
        return BlobCipher.sealedLengthSize
    }

    /// Opens the next chunk, `sealed`, into `plain` (at least `sealed.count - 17` bytes): the
    /// plaintext length and the chunk's tag, or nil when it fails authentication (`plain`
    /// then holds nothing of it).
    func open(_ sealed: UnsafeRawBufferPointer, into plain: UnsafeMutableRawBufferPointer) -> (count: Int, tag: UInt8)?
    {
        guard sealed.count >= BlobCipher.chunkOverhead, plain.count >= sealed.count - BlobCipher.chunkOverhead else {
            return nil
        }
        let input = sealed.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let out = plain.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard let gcm else {
            var length: UInt64 = 0
            var tag: UInt8 = 0xFF
            let status = crypto_secretstream_xchacha20poly1305_pull(
                stream!, out, &length, &tag, input, UInt64(sealed.count), &associated, UInt64(associated.count))
            return status == 0 ? (Int(length), tag) : nil
        }
        let count = sealed.count - BlobCipher.chunkOverhead
        let tag = input[0]
        startChunk(gcm, tag: tag, number: chunkNumber)
        chunkNumber += 1
        nettle_gcm_aes256_decrypt(gcm, count, out, input + 1)
        var digest: (UInt64, UInt64) = (0, 0)
        let authentic = withUnsafeMutableBytes(of: &digest) { bytes in
            let computed = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            nettle_gcm_aes256_digest(gcm, 16, computed)
            return nettle_memeql_sec(computed, input + 1 + count, 16) != 0
        }
        guard authentic else {
            sodium_memzero(out, count)
            return nil
        }
        return (count, tag)
    }

    /// Sets the nonce of versions 2 and 3 (the chunk's `number`) and the associated data (the
    /// preamble and `tag`) for a chunk.
    private func startChunk(_ gcm: UnsafeMutablePointer<gcm_aes256_ctx>, tag: UInt8, number: UInt64) {
        var nonce: (UInt64, UInt32) = (number.littleEndian, 0)
        withUnsafeBytes(of: &nonce) { bytes in
            nettle_gcm_aes256_set_iv(gcm, 12, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        associated[associated.count - 1] = tag
        nettle_gcm_aes256_update(gcm, associated.count, associated)
    }
}
