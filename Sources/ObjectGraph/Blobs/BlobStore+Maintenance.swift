import Foundation

extension BlobStore {
    /// The hashes of every committed blob on disk: files named by a valid hash in the shard
    /// directories their name calls for. Anything else in the directory is ignored.
    ///
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)`` when a directory cannot be listed.
    public func allHashes() throws(BlobStoreError) -> Set<String> {
        var hashes: Set<String> = []
        for outer in try listing(of: directory) where Self.isShardName(outer) {
            let outerURL = directory.appending(component: outer, directoryHint: .isDirectory)
            for inner in try listing(of: outerURL) where Self.isShardName(inner) {
                let innerURL = outerURL.appending(component: inner, directoryHint: .isDirectory)
                for name in try listing(of: innerURL)
                where Self.isValidHash(name) && name.hasPrefix(outer + inner) {
                    hashes.insert(name)
                }
            }
        }
        return hashes
    }

    /// Removes every committed blob whose hash is not in `referenced`, and every temporary file
    /// in the staging folder last modified at least `temporaryFilesOlderThan` seconds ago.
    ///
    /// Run it while holding the store's write lock, with `referenced` read in the same
    /// transaction: a blob committed for a transaction still in progress elsewhere is not yet
    /// referenced and would be removed. The default age (an hour) spares temporary files that
    /// a running writer is still filling; pass 0 to remove them all when no writer can run.
    /// - Returns: What was removed: the hashes of removed blobs (sorted), then the removed
    ///   temporary files as `.staging/<name>`.
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)`` when a directory cannot be listed,
    ///   ``BlobStoreError/writeFailed(path:reason:)`` when a file cannot be removed.
    @discardableResult
    public func sweep(
        keeping referenced: Set<String>, temporaryFilesOlderThan age: TimeInterval = 3600
    ) throws(BlobStoreError) -> [String] {
        var removed: [String] = []
        for hash in try allHashes().subtracting(referenced).sorted() {
            try remove(sha256: hash)
            removed.append(hash)
        }
        for name in try staleTemporaryFileNames(olderThan: age) {
            let path = stagingDirectory.appending(component: name, directoryHint: .notDirectory).path
            do throws(SystemCallError) {
                if try FileSystem.removeFile(atPath: path) {
                    removed.append("\(Self.stagingFolderName)/\(name)")
                }
            } catch {
                throw .writeFailed(path: path, reason: error.description)
            }
        }
        return removed
    }

    /// The temporary files in the staging folder last modified at least `age` seconds ago,
    /// as `.staging/<name>`, sorted: what ``sweep(keeping:temporaryFilesOlderThan:)`` would remove.
    ///
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)`` when the folder cannot be listed.
    public func staleTemporaryFiles(olderThan age: TimeInterval = 3600) throws(BlobStoreError) -> [String] {
        try staleTemporaryFileNames(olderThan: age).map { "\(Self.stagingFolderName)/\($0)" }
    }

    /// The names of the staging folder's regular files last modified at least `age` seconds ago, sorted.
    private func staleTemporaryFileNames(olderThan age: TimeInterval) throws(BlobStoreError) -> [String] {
        let cutoff = Date().timeIntervalSince1970 - age
        var names: [String] = []
        for name in try listing(of: stagingDirectory).sorted() {
            let path = stagingDirectory.appending(component: name, directoryHint: .notDirectory).path
            do throws(SystemCallError) {
                guard let info = try FileSystem.status(ofPath: path), FileSystem.isRegularFile(info),
                      FileSystem.modificationTime(info) <= cutoff else { continue }
                names.append(name)
            } catch {
                throw .readFailed(path: path, reason: error.description)
            }
        }
        return names
    }

    /// Re-reads the blob of `reference` from disk (streamed) and checks its SHA-256 and length.
    ///
    /// - Returns: true when the file's content matches the reference, false when it is damaged.
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingBlob(sha256:)``
    ///   when there is no file, or ``BlobStoreError/readFailed(path:reason:)``.
    public func verify(_ reference: BlobReference) throws(BlobStoreError) -> Bool {
        let file = try openBlob(reference.sha256)
        let path = fileURL(forValidHash: reference.sha256).path
        let (sha256, byteCount) = try Self.streamChunks(
            of: file, readFailure: { .readFailed(path: path, reason: $0.description) }
        ) { _ in }
        return sha256 == reference.sha256 && byteCount == reference.byteCount
    }

    /// The size in bytes of the committed blob file named `sha256`, or nil when there is none
    /// (or the hash is malformed).
    public func fileSize(ofBlob sha256: String) -> Int64? {
        guard Self.isValidHash(sha256), let info = try? FileSystem.status(ofPath: fileURL(forValidHash: sha256).path),
              FileSystem.isRegularFile(info) else { return nil }
        return FileSystem.size(info)
    }

    /// Whether `name` is a shard directory name: two lower-case hex digits.
    private static func isShardName(_ name: String) -> Bool {
        isLowercaseHex(name, count: 2)
    }

    /// The entries of `url`'s directory; none when it does not exist (or vanished meanwhile).
    ///
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)``.
    private func listing(of url: URL) throws(BlobStoreError) -> [String] {
        do throws(SystemCallError) {
            return try FileSystem.entries(ofDirectory: url.path) ?? []
        } catch {
            throw .readFailed(path: url.path, reason: error.description)
        }
    }
}

extension BlobStore {
    /// The hashes among `hashes` whose blob file was modified less than `age` seconds ago.
    ///
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)`` when a file's status cannot be read.
    func modifiedWithin(_ age: TimeInterval, _ hashes: Set<String>) throws(BlobStoreError) -> Set<String> {
        let cutoff = Date().timeIntervalSince1970 - age
        var recent = Set<String>()
        for hash in hashes where Self.isValidHash(hash) {
            let path = fileURL(forValidHash: hash).path
            do throws(SystemCallError) {
                if let info = try FileSystem.status(ofPath: path), FileSystem.modificationTime(info) > cutoff {
                    recent.insert(hash)
                }
            } catch {
                throw .readFailed(path: path, reason: error.description)
            }
        }
        return recent
    }
}
