import Foundation

/// Content-addressed files for binary values kept outside the store: each blob lives at
/// `<directory>/ab/cd/<sha256>` and is never rewritten in place.
///
/// Writing is two-phase: ``stage(fileAt:)`` or ``stage(data:)`` streams the content into a
/// fsynced temporary file in `<directory>/.staging/`; ``commit(_:)`` renames it into place
/// and fsyncs the directories, so once it returns the blob survives a crash. A store commits
/// blobs before the transaction that refers to them, so a committed row never points at a
/// missing file; a crash may leave unreferenced blobs and temporary files, which
/// ``sweep(keeping:temporaryFilesOlderThan:)`` removes.
///
/// Several threads and processes may use one directory at once: renames are atomic, and two
/// writers of the same content produce the same file.
///
/// With an encryption key every blob file, and every staged file, is encrypted (see
/// `BlobCipher` for the layout), and is named by a keyed hash of its content's SHA-256 rather
/// than the SHA-256 itself; references keep the plaintext SHA-256. Read contents through
/// ``openContents(_:)`` (or ``data(for:)``), which decrypts as it streams and works alike on
/// plain and encrypted stores; ``url(for:)`` then names a file of ciphertext.
public final class BlobStore: Sendable {
    /// The directory that holds the blobs.
    public let directory: URL
    /// The keys of an encrypted store; nil for a plain one.
    let cipher: BlobCipher?

    /// Whether the blobs are encrypted.
    public var isEncrypted: Bool { cipher != nil }

    /// The size of the chunks in which files are copied and hashed.
    static let chunkSize = 64 * 1024

    /// The name of the folder of temporary files; it can never be taken for a blob shard.
    static let stagingFolderName = ".staging"

    /// Opens the blob directory at `directory`, creating it and its staging folder if missing,
    /// each with mode 0700; with `encryptionKey`, its blobs are encrypted with that data key.
    ///
    /// - Throws: ``BlobStoreError/directoryUnavailable(path:reason:)`` when the directory
    ///   cannot be created or is not a directory.
    public convenience init(directory: URL, encryptionKey: StoreEncryptionKey? = nil) throws(BlobStoreError) {
        try self.init(directory: directory, encryptionKey: encryptionKey, layout: .paddedGCM)
    }

    /// The encrypted blob directory at `directory`, as ``init(directory:encryptionKey:)`` opens
    /// it, whose new files are padded to their bucket (layout 3, as always written now) or, with
    /// `padsFiles` false, written unpadded as the version before padding wrote them (layout 2):
    /// for benchmarks of what padding costs.
    ///
    /// - Throws: as ``init(directory:encryptionKey:)``.
    package convenience init(directory: URL, encryptionKey: StoreEncryptionKey, padsFiles: Bool) throws(BlobStoreError)
    {
        try self.init(directory: directory, encryptionKey: encryptionKey, layout: padsFiles ? .paddedGCM : .fileKeyGCM)
    }

    /// The blob directory at `directory`, as ``init(directory:encryptionKey:)`` opens it, whose
    /// new encrypted files are written in `layout` (for tests of files an earlier version wrote).
    init(directory: URL, encryptionKey: StoreEncryptionKey?, layout: BlobCipher.Layout) throws(BlobStoreError) {
        self.directory = directory.standardizedFileURL
        cipher = encryptionKey.map { BlobCipher(dataKey: $0, layout: layout) }
        for path in [self.directory.path, stagingDirectory.path] {
            do throws(PrivateFileModesError) {
                try PrivateFileModes.createDirectories(atPath: path)
            } catch {
                throw .directoryUnavailable(path: path, reason: error.reason)
            }
        }
        // No fsync here: opening a store only to read must not wait for the disk (two
        // directory syncs were a sixth of a short process that opens a store and reads a page). Every commit syncs the
        // directory's name in its parent before it returns; a directory lost before any commit held nothing.
    }

    /// A blob store over `directory` that only reads: nothing is created, so the directory may
    /// be missing (it then holds no blobs) or belong to another account.
    public init(readingDirectory directory: URL) {
        self.directory = directory.standardizedFileURL
        cipher = nil
    }

    /// A blob store over `directory` that only reads, whose blobs are encrypted with
    /// `encryptionKey` (nil: plain, as ``init(readingDirectory:)``).
    public init(readingDirectory directory: URL, encryptionKey: StoreEncryptionKey?) {
        self.directory = directory.standardizedFileURL
        cipher = encryptionKey.map { BlobCipher(dataKey: $0) }
    }

    /// The folder that holds staged (not yet committed) files.
    var stagingDirectory: URL {
        directory.appending(component: Self.stagingFolderName, directoryHint: .isDirectory)
    }

    /// Whether `text` is a SHA-256 as blobs are named: exactly 64 lower-case hex digits.
    public static func isValidHash(_ text: String) -> Bool {
        isLowercaseHex(text, count: 64)
    }

    /// Whether `text` is exactly `count` characters of `0-9` and `a-f`.
    static func isLowercaseHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Returns `text` when it is a valid hash.
    ///
    /// - Throws: ``BlobStoreError/invalidHash(_:)`` otherwise.
    func validated(_ text: String) throws(BlobStoreError) -> String {
        guard Self.isValidHash(text) else { throw .invalidHash(text) }
        return text
    }

    /// The name of the file that holds the content whose SHA-256 is `sha256`: the hash itself
    /// in a plain store, its keyed hash in an encrypted one. A malformed hash is returned as it
    /// is (no blob file has such a name).
    public func fileName(forSHA256 sha256: String) -> String {
        guard Self.isValidHash(sha256) else { return sha256 }
        return fileName(forValidHash: sha256)
    }

    /// The file name of a valid hash (see ``fileName(forSHA256:)``).
    func fileName(forValidHash hash: String) -> String {
        cipher?.fileName(forValidHash: hash) ?? hash
    }

    /// The shard directories `ab` and `ab/cd` of a file named `abcd…`.
    func shardDirectories(forFileName name: String) -> (outer: URL, inner: URL) {
        let outer = directory.appending(component: String(name.prefix(2)), directoryHint: .isDirectory)
        let inner = outer.appending(component: String(name.dropFirst(2).prefix(2)), directoryHint: .isDirectory)
        return (outer, inner)
    }

    /// The blob file named `name`, `<directory>/ab/cd/<name>`.
    func fileURL(forFileName name: String) -> URL {
        shardDirectories(forFileName: name).inner.appending(component: name, directoryHint: .notDirectory)
    }

    /// The file of a valid hash, `<directory>/ab/cd/<name>`.
    func fileURL(forValidHash hash: String) -> URL {
        fileURL(forFileName: fileName(forValidHash: hash))
    }

    /// The file that holds `reference`'s content, `<directory>/ab/cd/<sha256>` (in an encrypted
    /// store `<directory>/ab/cd/<keyed name>`, a file of ciphertext: read it through
    /// ``openContents(_:)``), whether or not it exists.
    ///
    /// A malformed hash gives `<directory>/.invalid-hash`, where no blob ever is, so the path
    /// never leaves the directory.
    public func url(for reference: BlobReference) -> URL {
        guard Self.isValidHash(reference.sha256) else {
            return directory.appending(component: ".invalid-hash", directoryHint: .notDirectory)
        }
        return fileURL(forValidHash: reference.sha256)
    }

    /// Opens the committed blob named `hash` for reading.
    ///
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingBlob(sha256:)``
    ///   or ``BlobStoreError/readFailed(path:reason:)``.
    func openBlob(_ hash: String) throws(BlobStoreError) -> FileDescriptor {
        try openBlobFile(named: fileName(forValidHash: try validated(hash)), sha256: hash)
    }

    /// Opens the blob file named `name` (of content `sha256`, for the error) for reading.
    ///
    /// - Throws: ``BlobStoreError/missingBlob(sha256:)`` or ``BlobStoreError/readFailed(path:reason:)``.
    func openBlobFile(named name: String, sha256: String) throws(BlobStoreError) -> FileDescriptor {
        let path = fileURL(forFileName: name).path
        do throws(SystemCallError) {
            return try FileDescriptor.reading(path)
        } catch  where error.isMissingFile {
            throw .missingBlob(sha256: sha256)
        } catch {
            throw .readFailed(path: path, reason: error.description)
        }
    }

    /// Reads the whole content of `reference` into memory. For large blobs prefer
    /// ``openForReading(_:)`` or ``url(for:)``.
    ///
    /// The length is checked against the reference; the hash is not (see ``verify(_:)``).
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingBlob(sha256:)``,
    ///   ``BlobStoreError/corruptBlob(sha256:)`` when the length differs, or
    ///   ``BlobStoreError/readFailed(path:reason:)``.
    public func data(for reference: BlobReference) throws(BlobStoreError) -> Data {
        if cipher != nil { return try decryptedData(for: reference) }
        let file = try openBlob(reference.sha256)
        let content: Data?
        do throws(SystemCallError) {
            content = try file.readWhole(expectedByteCount: reference.byteCount)
        } catch {
            throw .readFailed(path: fileURL(forValidHash: reference.sha256).path, reason: error.description)
        }
        guard let content else { throw .corruptBlob(sha256: reference.sha256) }
        return content
    }

    /// Opens the committed blob of `reference` for streamed reading; the handle closes the
    /// file when released. In an encrypted store the handle reads a decrypted copy in an
    /// unnamed temporary file (0600, gone when the handle closes), checked whole before this
    /// returns; prefer ``openContents(_:)``, which decrypts as it is read.
    ///
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingBlob(sha256:)``,
    ///   ``BlobStoreError/damagedBlob(sha256:reason:)`` or ``BlobStoreError/readFailed(path:reason:)``.
    public func openForReading(_ reference: BlobReference) throws(BlobStoreError) -> FileHandle {
        if cipher != nil { return try decryptedHandle(for: reference) }
        return try openBlob(reference.sha256).intoFileHandle()
    }

    /// Whether a committed blob named `sha256` is on disk; false for a malformed hash.
    public func contains(sha256: String) -> Bool {
        guard Self.isValidHash(sha256),
            let info = try? FileSystem.status(ofPath: fileURL(forValidHash: sha256).path)
        else { return false }
        return FileSystem.isRegularFile(info)
    }

    /// Deletes the committed blob named `sha256`; a blob that is not there is not an error.
    ///
    /// Call it only once no committed row refers to the blob. A blob an undo of this process
    /// can still bring back (``BlobRetention``) stays.
    /// - Throws: ``BlobStoreError/invalidHash(_:)`` or ``BlobStoreError/writeFailed(path:reason:)``.
    public func remove(sha256: String) throws(BlobStoreError) {
        let path = fileURL(forValidHash: try validated(sha256)).path
        guard !BlobRetention.isRetained(path) else { return }
        do throws(SystemCallError) {
            try FileSystem.removeFile(atPath: path)
        } catch {
            throw .writeFailed(path: path, reason: error.description)
        }
    }
}
