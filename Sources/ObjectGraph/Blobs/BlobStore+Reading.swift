import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension BlobStore {
    /// Opens the committed blob of `reference` for reading its content in order, decrypted in
    /// an encrypted store (see ``BlobReader``): how every reader of blob contents reads them,
    /// alike on plain and encrypted stores.
    ///
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingBlob(sha256:)``,
    ///   ``BlobStoreError/damagedBlob(sha256:path:reason:)`` (a header that fails its check) or
    ///   ``BlobStoreError/readFailed(path:reason:)``.
    public func openContents(_ reference: BlobReference) throws(BlobStoreError) -> BlobReader {
        let hash = try validated(reference.sha256)
        let name = fileName(forValidHash: hash)
        let file = try openBlobFile(named: name, sha256: hash)
        return try BlobReader.open(
            file: file, path: fileURL(forFileName: name).path, cipher: cipher,
            sha256: hash, name: nil)
    }

    /// Opens the committed blob file named `name` (as ``allHashes()`` lists it), whose content
    /// is not known beforehand: in an encrypted store the reader checks at the end that the
    /// content's SHA-256 gives that name.
    ///
    /// - Throws: as ``openContents(_:)``.
    func openContents(fileNamed name: String) throws(BlobStoreError) -> BlobReader {
        let file = try openBlobFile(named: name, sha256: cipher == nil ? name : "named \(name)")
        return try BlobReader.open(
            file: file, path: fileURL(forFileName: name).path, cipher: cipher,
            sha256: nil, name: cipher == nil ? nil : name)
    }

    /// The whole decrypted content of `reference`, its length checked against the reference.
    ///
    /// - Throws: as ``openContents(_:)``; ``BlobStoreError/corruptBlob(sha256:)`` for another length.
    func decryptedData(for reference: BlobReference) throws(BlobStoreError) -> Data {
        let reader = try openContents(reference)
        guard reader.byteCount == reference.byteCount, let count = Int(exactly: reference.byteCount) else {
            throw .corruptBlob(sha256: reference.sha256)
        }
        var data = Data(count: count)
        var failure: BlobStoreError?
        data.withUnsafeMutableBytes { buffer in
            do throws(BlobStoreError) {
                var filled = 0
                while filled < count {
                    let got = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                    if got == 0 { break }
                    filled += got
                }
                // Reading past the end checks the end of the stream.
                var probe: UInt8 = 0
                let beyond = try withUnsafeMutableBytes(of: &probe) { (byte) throws(BlobStoreError) in
                    try reader.read(into: byte)
                }
                if filled != count || beyond != 0 { failure = .corruptBlob(sha256: reference.sha256) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return data
    }

    /// A handle on a decrypted copy of `reference`'s content: a 0600 file in a fresh 0700 folder
    /// of the temporary directory, both unlinked at once, so the copy goes when the handle closes.
    ///
    /// - Throws: as ``openContents(_:)``; ``BlobStoreError/writeFailed(path:reason:)`` for the copy.
    func decryptedHandle(for reference: BlobReference) throws(BlobStoreError) -> FileHandle {
        let url = try decryptedCopy(of: reference)
        let folder = url.deletingLastPathComponent().path
        defer {
            unlink(url.path)
            rmdir(folder)
        }
        do throws(SystemCallError) {
            return try FileDescriptor.reading(url.path).intoFileHandle()
        } catch {
            throw .readFailed(path: url.path, reason: error.description)
        }
    }

    /// Writes the decrypted content of `reference` to a new file for a program or library that
    /// needs a path: a 0600 file in a fresh 0700 folder `objectgraph-<UUID>` of the temporary
    /// directory (`$TMPDIR`). The caller removes the folder (``URL/deletingLastPathComponent()``)
    /// once done; it is removed here when the copy fails. In a plain store it is a copy too.
    ///
    /// - Throws: as ``openContents(_:)``; ``BlobStoreError/corruptBlob(sha256:)`` when the content
    ///   does not match the reference; ``BlobStoreError/writeFailed(path:reason:)``.
    public func decryptedCopy(of reference: BlobReference) throws(BlobStoreError) -> URL {
        let reader = try openContents(reference)
        let folder = FileManager.default.temporaryDirectory
            .appending(component: "objectgraph-\(UUID().uuidString)", directoryHint: .isDirectory)
        let url = folder.appending(component: "content", directoryHint: .notDirectory)
        do throws(SystemCallError) {
            _ = try retryingInterrupted("mkdir") { mkdir(folder.path, PrivateFileModes.directory) }
        } catch {
            throw .writeFailed(path: folder.path, reason: error.description)
        }
        do throws(BlobStoreError) {
            let copied = try Self.copy(reader, toNewFileAt: url.path)
            guard copied.sha256 == reference.sha256, copied.byteCount == reference.byteCount else {
                throw .corruptBlob(sha256: reference.sha256)
            }
            return url
        } catch {
            unlink(url.path)
            rmdir(folder.path)
            throw error
        }
    }

    /// Creates the file at `path` (0600) and writes what `reader` reads into it, fsynced.
    ///
    /// - Throws: what `reader` throws; ``BlobStoreError/writeFailed(path:reason:)``.
    private static func copy(
        _ reader: BlobReader, toNewFileAt path: String
    ) throws(BlobStoreError) -> (sha256: String, byteCount: Int64) {
        let destination: FileDescriptor
        do throws(SystemCallError) {
            destination = try FileDescriptor.creatingExclusively(path)
        } catch {
            throw .writeFailed(path: path, reason: error.description)
        }
        return try write(reader, to: destination, path: path)
    }

    /// Writes what `reader` reads into `destination`, then fsyncs it.
    private static func write(
        _ reader: BlobReader, to destination: borrowing FileDescriptor,
        path: String
    ) throws(BlobStoreError) -> (sha256: String, byteCount: Int64) {
        let copied = try reader.stream(mappingErrors: { $0 }) { (chunk) throws(BlobStoreError) in
            do throws(SystemCallError) {
                try destination.writeAll(chunk)
            } catch {
                throw .writeFailed(path: path, reason: error.description)
            }
        }
        do throws(SystemCallError) {
            try destination.synchronize()
        } catch {
            throw .writeFailed(path: path, reason: error.description)
        }
        return copied
    }
}
