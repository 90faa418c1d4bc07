import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The content of one committed blob, read from start to end in chunks: as it is on disk in a
/// plain store, decrypted and authenticated as it is read in an encrypted one. Memory stays
/// flat (two 64 KiB buffers) whatever the blob's size.
///
/// In an encrypted store every chunk is authenticated before its bytes are handed out, and
/// the end of the stream (its final tag, the trailer's SHA-256 and length, nothing beyond) is
/// checked when the reader reaches it; so a caller that reads to the end (``read(into:)``
/// returning 0, or ``stream(mappingErrors:to:)``) has read exactly what was stored, or has
/// been thrown ``BlobStoreError/damagedBlob(sha256:path:reason:)``. Bytes handed out before a
/// later chunk fails are genuine but incomplete: discard what was written from them. A plain
/// store's content is not checked here; compare the SHA-256 that ``stream(mappingErrors:to:)``
/// returns.
///
/// Not `Sendable`: one reader belongs to one computation.
public final class BlobReader {
    /// The content's length in bytes: a plain file's length; an encrypted file's sealed length
    /// (version 3, authenticated before this reader exists), or what its length gives (versions
    /// 1 and 2, whose trailer confirms it at the end).
    public let byteCount: Int64
    /// The blob file, for messages.
    let path: String
    private let file: FileDescriptor
    /// What the content must be (encrypted stores), for the checks at its end.
    private let expectedSHA256: String?
    /// The file name the content's SHA-256 must give (encrypted stores read by name).
    private let expectedName: String?
    private let cipher: BlobCipher?
    private let opener: BlobChunkAEAD?
    private let sealed: UnsafeMutableRawBufferPointer
    private let plain: UnsafeMutableRawBufferPointer
    private var pending: Range<Int> = 0..<0
    private var contentLeft: Int64
    /// The padding still to be read after the content (version 3).
    private var paddingLeft: Int64
    private var chunkNumber = 0
    private var finished = false
    /// The SHA-256 the trailer of an encrypted blob records, once the reader reached the end.
    private(set) var recordedSHA256: String?

    /// Opens the blob file `file` at `path`; for an encrypted store reads and checks its header
    /// and learns the content's length: a version 3 file's sealed length, which must pad to the
    /// file's length, or what an older file's length gives.
    ///
    /// - Throws: ``BlobStoreError/damagedBlob(sha256:path:reason:)`` or
    ///   ``BlobStoreError/readFailed(path:reason:)``.
    static func open(
        file: consuming FileDescriptor, path: String, cipher: BlobCipher?, sha256: String?,
        name: String?
    ) throws(BlobStoreError) -> BlobReader {
        let fileSize: Int64
        do throws(SystemCallError) {
            fileSize = try file.size()
        } catch {
            throw .readFailed(path: path, reason: error.description)
        }
        guard let cipher else {
            return BlobReader(
                file: file, path: path, cipher: nil, opener: nil, byteCount: fileSize, paddedSize: fileSize,
                sha256: sha256, name: name)
        }
        func damaged(_ reason: String) -> BlobStoreError { .damagedBlob(sha256: sha256, path: path, reason: reason) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobCipher.headerSize, alignment: 16)
        defer { buffer.deallocate() }
        let got: Int
        do throws(SystemCallError) {
            got = try fill(buffer, from: file)
        } catch {
            throw .readFailed(path: path, reason: error.description)
        }
        let header = UnsafeRawBufferPointer(buffer)
        let opener = got == header.count ? BlobChunkAEAD.opening(cipher, header: header) : nil
        guard let opener else {
            let read = BlobCipher.Layout.allCases.map { String($0.rawValue) }.joined(separator: ", ")
            let version =
                got > 6 && header.prefix(6).elementsEqual(BlobCipher.magic)
                ? " (layout version \(header[6]), this version reads \(read))" : ""
            throw damaged("it does not start with an encrypted blob's header\(version)")
        }
        let content: Int64, padded: Int64
        if opener.layout == .paddedGCM {
            (content, padded) = try readLengths(from: file, opener: opener, damaged: damaged, path: path)
            guard BlobCipher.fileSize(ofPaddedSize: padded) == fileSize else {
                throw damaged(
                    "its length (\(fileSize) bytes) is not the one \(padded) bytes of padded content make: it was truncated or extended"
                )
            }
        } else {
            guard let size = BlobCipher.contentSize(ofUnpaddedFileSize: fileSize) else {
                throw damaged("its length (\(fileSize) bytes) fits no encrypted blob: it was truncated or extended")
            }
            (content, padded) = (size, size)
        }
        return BlobReader(
            file: file, path: path, cipher: cipher, opener: opener, byteCount: content, paddedSize: padded,
            sha256: sha256, name: name)
    }

    /// Reads and opens a version 3 file's length chunk, the stream's first: the content's length
    /// and the length it is padded to (the file's length must be the one that gives).
    ///
    /// - Throws: `damaged(reason)`; ``BlobStoreError/readFailed(path:reason:)``.
    private static func readLengths(
        from file: borrowing FileDescriptor, opener: BlobChunkAEAD,
        damaged: (String) -> BlobStoreError,
        path: String
    ) throws(BlobStoreError) -> (content: Int64, padded: Int64) {
        let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobCipher.sealedLengthSize, alignment: 16)
        let plain = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobCipher.lengthSize, alignment: 16)
        defer {
            sealed.deallocate()
            plain.deallocate()
        }
        let got: Int
        do throws(SystemCallError) {
            got = try fill(sealed, from: file)
        } catch {
            throw .readFailed(path: path, reason: error.description)
        }
        guard got == sealed.count else { throw damaged("it ends in its sealed length: it was truncated") }
        guard let (opened, tag) = opener.open(UnsafeRawBufferPointer(sealed), into: plain) else {
            throw damaged("its sealed length fails authentication: it was changed, or comes from another file")
        }
        let content = UnsafeRawBufferPointer(plain).loadUnaligned(as: UInt64.self).littleEndian
        let padded = UnsafeRawBufferPointer(plain).loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
        guard tag == BlobCipher.lengthTag, opened == BlobCipher.lengthSize, content <= padded,
            padded <= UInt64(BlobPadding.largestContentSize)
        else {
            throw damaged("it does not start with its content's length")
        }
        return (Int64(content), Int64(padded))
    }

    private init(
        file: consuming FileDescriptor, path: String, cipher: BlobCipher?, opener: BlobChunkAEAD?,
        byteCount: Int64, paddedSize: Int64, sha256: String?, name: String?
    ) {
        self.file = file
        self.path = path
        self.cipher = cipher
        self.opener = opener
        self.byteCount = byteCount
        contentLeft = byteCount
        paddingLeft = paddedSize - byteCount
        expectedSHA256 = sha256
        expectedName = name
        sealed = .allocate(byteCount: cipher == nil ? 0 : BlobCipher.sealedChunkSize, alignment: 16)
        plain = .allocate(byteCount: cipher == nil ? 0 : BlobCipher.chunkSize, alignment: 16)
    }

    deinit {
        if plain.count > 0 { memset(plain.baseAddress!, 0, plain.count) }
        sealed.deallocate()
        plain.deallocate()
    }

    /// Reads the next bytes of the content into `buffer`, filling it unless the content ends
    /// first; 0 once it has ended (and, for an encrypted blob, its end has been checked).
    ///
    /// - Throws: ``BlobStoreError/damagedBlob(sha256:path:reason:)`` or
    ///   ``BlobStoreError/readFailed(path:reason:)``.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(BlobStoreError) -> Int {
        guard cipher != nil else {
            do throws(SystemCallError) {
                return try Self.fill(buffer, from: file)
            } catch {
                throw .readFailed(path: path, reason: error.description)
            }
        }
        var filled = 0
        while filled < buffer.count {
            if pending.isEmpty {
                guard try openNextChunk() else { break }
            }
            let count = min(pending.count, buffer.count - filled)
            (buffer.baseAddress! + filled).copyMemory(from: plain.baseAddress! + pending.lowerBound, byteCount: count)
            pending = pending.lowerBound + count..<pending.upperBound
            filled += count
        }
        if filled == 0 { _ = try openNextChunk() }
        return filled
    }

    /// Reads the content to its end, handing every chunk to `sink`; returns the SHA-256 and
    /// length of what was read. Errors of the reader are passed through `map`.
    ///
    /// An encrypted blob is read half a megabyte at a time, the next batch opened on one core while
    /// the last is hashed on another (hashing and opening cost about the same), so it streams
    /// about as fast as a plain one.
    public func stream<Failure: Error>(
        mappingErrors map: (BlobStoreError) -> Failure,
        to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) -> (sha256: String, byteCount: Int64) {
        if cipher != nil { return try streamOpeningAhead(mappingErrors: map, to: sink) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobCipher.chunkSize, alignment: 16)
        defer {
            memset(buffer.baseAddress!, 0, buffer.count)
            buffer.deallocate()
        }
        let hasher = SHA256Hasher()
        var total: Int64 = 0
        while true {
            let count: Int
            do throws(BlobStoreError) { count = try read(into: buffer) } catch { throw map(error) }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            hasher.update(chunk)
            try sink(chunk)
            total += Int64(count)
        }
        return (hasher.finalizeHex(), total)
    }

    /// ``stream(mappingErrors:to:)`` of an encrypted blob: batch *n* is hashed while batch
    /// *n + 1* is read and opened, then handed to `sink`.
    private func streamOpeningAhead<Failure: Error>(
        mappingErrors map: (BlobStoreError) -> Failure,
        to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) -> (sha256: String, byteCount: Int64) {
        let batchSize = BlobCipher.batchChunks * BlobCipher.chunkSize
        var buffers = [
            UnsafeMutableRawBufferPointer.allocate(byteCount: batchSize, alignment: 16),
            UnsafeMutableRawBufferPointer.allocate(byteCount: batchSize, alignment: 16)
        ]
        defer {
            for buffer in buffers {
                memset(buffer.baseAddress!, 0, buffer.count)
                buffer.deallocate()
            }
        }
        let hasher = SHA256Hasher()
        var total: Int64 = 0
        var count: Int
        do throws(BlobStoreError) { count = try read(into: buffers[0]) } catch { throw map(error) }
        while count > 0 {
            let batch = UnsafeRawBufferPointer(rebasing: buffers[0][..<count])
            let ahead = buffers[1]
            var next: Result<Int, BlobStoreError> = .success(0)
            let openNext = { next = Result { () throws(BlobStoreError) in try self.read(into: ahead) } }
            if count < batchSize {
                // The last batch: nothing is left to open but the end's check.
                hasher.update(batch)
                openNext()
            } else {
                sideBySide({ hasher.update(batch) }, openNext)
            }
            try sink(batch)
            total += Int64(count)
            do throws(BlobStoreError) { count = try next.get() } catch { throw map(error) }
            buffers.swapAt(0, 1)
        }
        return (hasher.finalizeHex(), total)
    }

    /// Opens the next sealed chunk into `plain`; false at the end of the content, after the
    /// trailer was checked (once; later calls return false at once).
    private func openNextChunk() throws(BlobStoreError) -> Bool {
        guard let opener, let cipher, !finished else { return false }
        if contentLeft > 0 || paddingLeft > 0 {
            let count = Int(min(Int64(BlobCipher.chunkSize), contentLeft + paddingLeft))
            let chunk = try readSealed(count + BlobCipher.chunkOverhead)
            chunkNumber += 1
            guard let (opened, tag) = opener.open(chunk, into: plain) else {
                throw damaged("chunk \(chunkNumber) fails authentication: it was changed, or comes from another file")
            }
            guard tag == BlobCipher.messageTag, opened == count else {
                throw damaged("chunk \(chunkNumber) ends the stream early: the file was cut and padded")
            }
            let content = Int(min(Int64(opened), contentLeft))
            guard UnsafeRawBufferPointer(rebasing: plain[content..<opened]).allSatisfy({ $0 == 0 }) else {
                throw damaged("chunk \(chunkNumber) has content where its padding should be zeros")
            }
            // A chunk of padding alone hands out nothing; the caller reads on.
            pending = 0..<content
            contentLeft -= Int64(content)
            paddingLeft -= Int64(opened - content)
            return true
        }
        finished = true
        let chunk = try readSealed(BlobCipher.sealedTrailerSize)
        guard let (opened, tag) = opener.open(chunk, into: plain) else {
            throw damaged("its last chunk fails authentication: it was changed, truncated or extended")
        }
        guard tag == BlobCipher.finalTag, opened == BlobCipher.trailerSize else {
            throw damaged("its last chunk is not the end of the stream: it was truncated")
        }
        let trailer = UnsafeRawBufferPointer(rebasing: plain[..<BlobCipher.trailerSize])
        let digest = SHA256Hasher.hex(ofDigest: Array(trailer[..<32]))
        let length = trailer.loadUnaligned(fromByteOffset: 32, as: UInt64.self).littleEndian
        guard length == UInt64(byteCount) else {
            throw damaged("it records \(length) bytes but holds \(byteCount)")
        }
        if let expectedSHA256, digest != expectedSHA256 {
            throw damaged("it holds another blob's content (SHA-256 \(digest)): the files were swapped")
        }
        if let expectedName, cipher.fileName(forValidHash: digest) != expectedName {
            throw damaged("it holds another blob's content (SHA-256 \(digest)): the files were swapped")
        }
        recordedSHA256 = digest
        var probe: UInt8 = 0
        let beyond: Int
        do throws(SystemCallError) {
            beyond = try withUnsafeMutableBytes(of: &probe) { (byte) throws(SystemCallError) in
                try file.read(into: byte)
            }
        } catch {
            throw .readFailed(path: path, reason: error.description)
        }
        guard beyond == 0 else { throw damaged("it has data after its end") }
        return false
    }

    /// The next `count` bytes of the file in `sealed`.
    private func readSealed(_ count: Int) throws(BlobStoreError) -> UnsafeRawBufferPointer {
        let target = UnsafeMutableRawBufferPointer(rebasing: sealed[..<count])
        let got: Int
        do throws(SystemCallError) {
            got = try Self.fill(target, from: file)
        } catch {
            throw .readFailed(path: path, reason: error.description)
        }
        guard got == count else { throw damaged("it ends in the middle of a chunk: it was truncated") }
        return UnsafeRawBufferPointer(target)
    }

    private func damaged(_ reason: String) -> BlobStoreError {
        .damagedBlob(sha256: expectedSHA256, path: path, reason: reason)
    }

    /// Reads from `file` until `buffer` is full or the file ends; the count read.
    static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, from file: borrowing FileDescriptor
    ) throws(SystemCallError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { break }
            filled += got
        }
        return filled
    }
}
