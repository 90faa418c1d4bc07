import Foundation

extension BlobStore {
    /// Copies the file at `url` into a new staged blob, hashing it on the way.
    ///
    /// The file is streamed in 64 KiB chunks, so memory stays flat whatever its size; the
    /// temporary copy is fsynced before this returns. In an encrypted store the copy is
    /// encrypted as it is written: the staging folder never holds plaintext.
    /// - Throws: ``BlobStoreError/unreadableSource(path:reason:)`` when `url` cannot be opened
    ///   or read, ``BlobStoreError/writeFailed(path:reason:)`` when the copy cannot be written.
    public func stage(fileAt url: URL) throws(BlobStoreError) -> StagedBlob {
        let sourcePath = url.path
        let source = try Self.openSource(sourcePath)
        if let cipher {
            return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
                try Self.writeSealed(cipher, to: destination, path: destinationPath) {
                    (buffer) throws(BlobStoreError) in
                    do throws(SystemCallError) {
                        return try BlobReader.fill(buffer, from: source)
                    } catch {
                        throw .unreadableSource(path: sourcePath, reason: error.description)
                    }
                }
            }
        }
        return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
            try Self.streamChunks(
                of: source,
                readFailure: { .unreadableSource(path: sourcePath, reason: $0.description) }
            ) { (chunk) throws(BlobStoreError) in
                do throws(SystemCallError) {
                    try destination.writeAll(chunk)
                } catch {
                    throw .writeFailed(path: destinationPath, reason: error.description)
                }
            }
        }
    }

    /// Opens the file to be staged.
    ///
    /// - Throws: ``BlobStoreError/unreadableSource(path:reason:)``.
    private static func openSource(_ path: String) throws(BlobStoreError) -> FileDescriptor {
        do throws(SystemCallError) {
            // Without waiting: a FIFO given as a photo is refused, not waited on.
            return try FileDescriptor.readingRegularFile(path)
        } catch {
            throw .unreadableSource(path: path, reason: error.description)
        }
    }

    /// Writes `data` into a new staged blob; the temporary file is fsynced before this returns.
    ///
    /// - Throws: ``BlobStoreError/writeFailed(path:reason:)`` when the file cannot be written.
    public func stage(data: Data) throws(BlobStoreError) -> StagedBlob {
        try stage(data: data, paddedToBucket: true)
    }

    /// Writes `data` into a new staged blob, as ``stage(data:)``; encrypted, padded to its
    /// bucket or (`paddedToBucket` false: the mirror's change sets) not padded at all.
    ///
    /// - Throws: ``BlobStoreError/writeFailed(path:reason:)`` when the file cannot be written.
    func stage(data: Data, paddedToBucket: Bool) throws(BlobStoreError) -> StagedBlob {
        if let cipher {
            return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
                var offset = 0
                return try Self.writeSealed(
                    cipher, to: destination, path: destinationPath,
                    paddedToBucket: paddedToBucket
                ) { buffer in
                    let count = min(buffer.count, data.count - offset)
                    data.withUnsafeBytes { bytes in
                        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                    }
                    offset += count
                    return count
                }
            }
        }
        return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
            var failure: SystemCallError?
            data.withUnsafeBytes { bytes in
                do throws(SystemCallError) { try destination.writeAll(bytes) } catch { failure = error }
            }
            if let failure { throw .writeFailed(path: destinationPath, reason: failure.description) }
            return (SHA256Hasher.hex(of: data), Int64(data.count))
        }
    }

    /// Moves a staged blob into place at `ab/cd/<sha256>` and makes that durable: the batch
    /// commit below, for one blob.
    public func commit(_ staged: StagedBlob) throws(BlobStoreError) -> BlobReference {
        try commit([staged])[0]
    }

    /// Moves staged blobs into place at `ab/cd/<sha256>` and makes that durable, syncing each
    /// directory involved once however many blobs it received.
    ///
    /// The staged copy always replaces a file already there under the same name (another
    /// writer got there first, or the same content is added again): it was hashed as it was
    /// written and fsynced, so the atomic rename leaves an intact file whatever the old one
    /// held (a damaged file is repaired on the way), and nothing is read back. Committing the
    /// same staged blob twice returns the same reference. Once this returns, every blob
    /// survives a crash.
    /// - Returns: the references, in the order of `staged`.
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingStagedFile(path:)``
    ///   when a temporary file is gone and no intact blob of its hash exists, or
    ///   ``BlobStoreError/writeFailed(path:reason:)``.
    public func commit(_ staged: [StagedBlob]) throws(BlobStoreError) -> [BlobReference] {
        var directories: [String] = []
        for blob in staged {
            let name = fileName(forValidHash: try validated(blob.sha256))
            let (outer, inner) = shardDirectories(forFileName: name)
            let target = fileURL(forFileName: name).path
            let temporary = blob.temporaryURL.path
            var step = outer.path
            do throws(SystemCallError) {
                try FileSystem.makeDirectory(atPath: outer.path)
                step = inner.path
                try FileSystem.makeDirectory(atPath: inner.path)
                step = temporary
                try FileSystem.rename(temporary, to: target)
            } catch  where error.isMissingFile && step == temporary {
                // Committed before (or gone): fine only when the blob itself is there, intact.
                guard (try? verify(blob.reference)) == true else { throw .missingStagedFile(path: temporary) }
            } catch {
                throw .writeFailed(path: step, reason: error.description)
            }
            for directory in [inner.path, outer.path] where !directories.contains(directory) {
                directories.append(directory)
            }
        }
        // Even when a file or a shard directory was there already, its creator may not have
        // synced it yet; sync every level up to the blob directory's own name in its parent,
        // so the blobs are durable on return.
        for directory in directories + [self.directory.path, self.directory.deletingLastPathComponent().path] {
            do throws(SystemCallError) {
                try FileSystem.synchronizeDirectory(atPath: directory)
            } catch {
                throw .writeFailed(path: directory, reason: error.description)
            }
        }
        return staged.map(\.reference)
    }

    /// Removes a staged blob's temporary file; one already gone is ignored.
    public func discard(_ staged: StagedBlob) {
        _ = try? FileSystem.removeFile(atPath: staged.temporaryURL.path)
    }

    /// Stages the content `reader` reads to its end (another store's blob), encrypted when this
    /// store is; the hash and length are of what was read.
    ///
    /// - Throws: what `reader` throws; ``BlobStoreError/writeFailed(path:reason:)``.
    func stage(from reader: BlobReader) throws(BlobStoreError) -> StagedBlob {
        if let cipher {
            return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
                try Self.writeSealed(cipher, to: destination, path: destinationPath) {
                    (buffer) throws(BlobStoreError) in
                    try reader.read(into: buffer)
                }
            }
        }
        return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
            try reader.stream(mappingErrors: { $0 }) { (chunk) throws(BlobStoreError) in
                do throws(SystemCallError) {
                    try destination.writeAll(chunk)
                } catch {
                    throw .writeFailed(path: destinationPath, reason: error.description)
                }
            }
        }
    }

    /// Stages the content `fill` gives, a buffer at a time (filling each but at the end; 0
    /// there), encrypted when this store is: content made as it is written (a mirror's snapshot,
    /// encoded a page of records at a time) never has to be whole in memory.
    ///
    /// - Throws: what `fill` throws; ``BlobStoreError/writeFailed(path:reason:)``.
    func stage(
        filling fill: (UnsafeMutableRawBufferPointer) throws(BlobStoreError) -> Int
    ) throws(BlobStoreError) -> StagedBlob {
        if let cipher {
            return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
                try Self.writeSealed(cipher, to: destination, path: destinationPath, fill: fill)
            }
        }
        return try writeStagedFile { (destination, destinationPath) throws(BlobStoreError) in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            let hasher = SHA256Hasher()
            var total: Int64 = 0
            while true {
                let count = try fill(buffer)
                if count == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                hasher.update(chunk)
                do throws(SystemCallError) {
                    try destination.writeAll(chunk)
                } catch {
                    throw .writeFailed(path: destinationPath, reason: error.description)
                }
                total += Int64(count)
                if count < buffer.count { break }
            }
            return (hasher.finalizeHex(), total)
        }
    }

    /// Writes the content `fill` gives (filling each buffer but at the end; 0 there) into
    /// `destination` as an encrypted blob file (see `BlobCipher`), hashing it on the way.
    ///
    /// The content is taken half a megabyte at a time (``BlobCipher/batchChunks`` chunks). Hashing
    /// and sealing are independent passes over the same plaintext, each about as costly as the
    /// other, so a batch of more than one chunk is hashed on one core while it is sealed on
    /// another, and written in one call: an encrypted copy then takes about as long as a plain
    /// one, where doing both on one core made it 1.5 times slower. Memory stays two batches,
    /// whatever the file's size.
    ///
    /// A version 3 file (the layout written now) is padded (unless `paddedToBucket` is false):
    /// once `fill` has no more, zeros follow the content up to its bucket (`BlobPadding`), sealed
    /// like content; the content's length and padded length, known only then, are sealed last
    /// and written into the room left after the header.
    /// - Throws: what `fill` throws; ``BlobStoreError/writeFailed(path:reason:)``.
    static func writeSealed(
        _ cipher: BlobCipher, to destination: borrowing FileDescriptor, path: String, paddedToBucket: Bool = true,
        fill: (UnsafeMutableRawBufferPointer) throws(BlobStoreError) -> Int
    ) throws(BlobStoreError) -> (sha256: String, byteCount: Int64) {
        let batchSize = BlobCipher.batchChunks * BlobCipher.chunkSize
        let plain = UnsafeMutableRawBufferPointer.allocate(byteCount: batchSize, alignment: 16)
        let sealed = UnsafeMutableRawBufferPointer.allocate(
            byteCount: BlobCipher.batchChunks * BlobCipher.sealedChunkSize, alignment: 16)
        defer {
            memset(plain.baseAddress!, 0, plain.count)
            plain.deallocate()
            sealed.deallocate()
        }
        let sealer = BlobSealer(cipher)
        let hasher = SHA256Hasher()
        var total: Int64 = 0, paddedTotal: Int64 = 0
        func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64? = nil) throws(BlobStoreError) {
            do throws(SystemCallError) {
                if let offset {
                    try destination.writeAll(bytes, atOffset: offset)
                } else {
                    try destination.writeAll(bytes)
                }
            } catch {
                throw .writeFailed(path: path, reason: error.description)
            }
        }
        // The header, and for a padded file the room its sealed length takes once known.
        let header = sealer.header + [UInt8](repeating: 0, count: sealer.isPadded ? BlobCipher.sealedLengthSize : 0)
        let failure = header.withUnsafeBytes { bytes -> BlobStoreError? in
            do throws(BlobStoreError) { try write(bytes); return nil } catch { return error }
        }
        if let failure { throw failure }
        while true {
            let count = try fill(plain)
            let ended = count < batchSize
            // Padding: what the content lacks of its bucket once it has ended.
            var padding: Int64 = 0
            if ended && sealer.isPadded {
                let length = total + Int64(count)
                paddedTotal = paddedToBucket ? BlobPadding.paddedSize(ofContentSize: length) : length
                padding = paddedTotal - length
            }
            let zerosHere = Int(min(padding, Int64(batchSize - count)))
            padding -= Int64(zerosHere)
            let sealedEnd = count + zerosHere
            if sealedEnd > 0 {
                (plain.baseAddress! + count).initializeMemory(as: UInt8.self, repeating: 0, count: zerosHere)
                let content = UnsafeRawBufferPointer(rebasing: plain[..<count])
                let batch = UnsafeRawBufferPointer(rebasing: plain[..<sealedEnd])
                var sealedCount = 0
                let seal = { sealedCount = sealer.seal(chunksOf: batch, into: sealed) }
                if count <= BlobCipher.chunkSize {
                    hasher.update(content)
                    seal()
                } else {
                    sideBySide({ hasher.update(content) }, seal)
                }
                total += Int64(count)
                try write(UnsafeRawBufferPointer(rebasing: sealed[..<sealedCount]))
            }
            // Padding beyond the last batch of content: whole batches of zeros.
            while padding > 0 {
                let zeros = Int(min(padding, Int64(batchSize)))
                plain.baseAddress!.initializeMemory(as: UInt8.self, repeating: 0, count: zeros)
                let sealedCount = sealer.seal(chunksOf: UnsafeRawBufferPointer(rebasing: plain[..<zeros]), into: sealed)
                try write(UnsafeRawBufferPointer(rebasing: sealed[..<sealedCount]))
                padding -= Int64(zeros)
            }
            if ended { break }
        }
        let digest = hasher.finalizeDigest()
        try write(sealer.sealTrailer(digest: digest, byteCount: total))
        if sealer.isPadded {
            try write(sealer.sealLength(total, paddedSize: paddedTotal), at: Int64(BlobCipher.headerSize))
        }
        return (SHA256Hasher.hex(ofDigest: digest), total)
    }

    /// Creates a fresh temporary file in the staging folder, lets `fill` write the content and
    /// return its hash and length, then makes the file read-only and fsyncs it. On any failure
    /// the temporary file is removed.
    ///
    /// - Throws: ``BlobStoreError/writeFailed(path:reason:)``, or whatever `fill` throws.
    private func writeStagedFile(
        _ fill: (borrowing FileDescriptor, String) throws(BlobStoreError) -> (sha256: String, byteCount: Int64)
    ) throws(BlobStoreError) -> StagedBlob {
        // Named after the staging process, so a file a killed process left is known at once.
        let url = stagingDirectory.appending(
            component: "\(getpid())-\(UUID().uuidString).tmp", directoryHint: .notDirectory)
        let path = url.path
        let file = try createExclusively(path)
        do throws(BlobStoreError) {
            let (sha256, byteCount) = try fill(file, path)
            do throws(SystemCallError) {
                // Its owner's alone, and read-only: a blob is never rewritten in place.
                try file.setPermissions(PrivateFileModes.readOnlyFile)
                try file.synchronize()
            } catch {
                throw .writeFailed(path: path, reason: error.description)
            }
            return StagedBlob(sha256: sha256, byteCount: byteCount, temporaryURL: url)
        } catch {
            _ = try? FileSystem.removeFile(atPath: path)
            throw error
        }
    }

    /// Creates the file at `path`, which must not exist; recreates the staging folder once if
    /// someone removed it.
    ///
    /// - Throws: ``BlobStoreError/writeFailed(path:reason:)``.
    private func createExclusively(_ path: String) throws(BlobStoreError) -> FileDescriptor {
        do throws(SystemCallError) {
            do throws(SystemCallError) {
                return try FileDescriptor.creatingExclusively(path)
            } catch  where error.isMissingFile {
                try FileSystem.makeDirectory(atPath: stagingDirectory.path)
                return try FileDescriptor.creatingExclusively(path)
            }
        } catch {
            throw .writeFailed(path: path, reason: error.description)
        }
    }

    /// Reads `source` to its end in chunks of ``chunkSize``, hands each chunk to `body`, and
    /// returns the SHA-256 and length of everything read.
    ///
    /// - Throws: `readFailure(error)` when a read fails, or whatever `body` throws.
    static func streamChunks(
        of source: borrowing FileDescriptor,
        readFailure: (SystemCallError) -> BlobStoreError,
        _ body: (UnsafeRawBufferPointer) throws(BlobStoreError) -> Void
    ) throws(BlobStoreError) -> (sha256: String, byteCount: Int64) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let hasher = SHA256Hasher()
        var total: Int64 = 0
        while true {
            let count: Int
            do throws(SystemCallError) {
                count = try source.read(into: buffer)
            } catch {
                throw readFailure(error)
            }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            hasher.update(chunk)
            try body(chunk)
            total += Int64(count)
        }
        return (hasher.finalizeHex(), total)
    }
}
