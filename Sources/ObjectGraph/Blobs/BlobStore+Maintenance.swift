import Foundation

extension BlobStore {
    /// The names of every committed blob file on disk: files named by a valid hash in the shard
    /// directories their name calls for. Anything else in the directory is ignored. In a plain
    /// store a name is the content's SHA-256; in an encrypted one it is its keyed hash (see
    /// ``fileName(forSHA256:)``), from which the SHA-256 cannot be told.
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

    /// Removes every committed blob whose SHA-256 is not in `referenced`, and every temporary
    /// file in the staging folder last modified at least `temporaryFilesOlderThan` seconds ago.
    ///
    /// Run it while holding the store's write lock, with `referenced` read in the same
    /// transaction: a blob committed for a transaction still in progress elsewhere is not yet
    /// referenced and would be removed. The default age (an hour) spares temporary files that
    /// a running writer is still filling; pass 0 to remove them all when no writer can run.
    /// - Returns: What was removed: the file names of removed blobs (sorted; see
    ///   ``allHashes()``), then the removed temporary files as `.staging/<name>`.
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)`` when a directory cannot be listed,
    ///   ``BlobStoreError/writeFailed(path:reason:)`` when a file cannot be removed.
    @discardableResult
    public func sweep(
        keeping referenced: Set<String>, temporaryFilesOlderThan age: TimeInterval = 3600
    ) throws(BlobStoreError) -> [String] {
        try sweep(keepingFileNames: Set(referenced.map(fileName(forSHA256:))), temporaryFilesOlderThan: age)
    }

    /// ``sweep(keeping:temporaryFilesOlderThan:)`` given the file names to keep.
    func sweep(
        keepingFileNames kept: Set<String>, temporaryFilesOlderThan age: TimeInterval
    ) throws(BlobStoreError) -> [String] {
        var removed: [String] = []
        for name in try allHashes().subtracting(kept).sorted() {
            let path = fileURL(forFileName: name).path
            // Bytes an undo of this process can still bring back.
            if BlobRetention.isRetained(path) { continue }
            do throws(SystemCallError) {
                try FileSystem.removeFile(atPath: path)
            } catch {
                throw .writeFailed(path: path, reason: error.description)
            }
            removed.append(name)
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

    /// The temporary files in the staging folder last modified at least `age` seconds ago, or
    /// staged by a process that is gone (a killed import: its files are named after its process
    /// id), as `.staging/<name>`, sorted: what ``sweep(keeping:temporaryFilesOlderThan:)`` would remove.
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
                    FileSystem.modificationTime(info) <= cutoff || Self.stagerIsGone(name)
                else { continue }
                names.append(name)
            } catch {
                throw .readFailed(path: path, reason: error.description)
            }
        }
        return names
    }

    /// Whether staged file `name` (`<pid>-<uuid>.tmp`) was made by a process that no longer runs
    /// on this machine; false for a name without a process id (made before they were named so).
    static func stagerIsGone(_ name: String) -> Bool {
        // After the process id, a whole UUID and `.tmp` (an older name is a UUID alone).
        guard let dash = name.firstIndex(of: "-"), name[name.index(after: dash)...].count == 40,
            let pid = pid_t(name[..<dash]), pid > 0
        else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Re-reads the blob of `reference` from disk (streamed) and checks its SHA-256 and length.
    ///
    /// - Returns: true when the file's content matches the reference, false when it is damaged.
    /// - Throws: ``BlobStoreError/invalidHash(_:)``, ``BlobStoreError/missingBlob(sha256:)``
    ///   when there is no file, or ``BlobStoreError/readFailed(path:reason:)``.
    /// In an encrypted store the file is decrypted and authenticated whole: false when that
    /// fails anywhere (a flipped bit, a cut, another blob's file in its place).
    public func verify(_ reference: BlobReference) throws(BlobStoreError) -> Bool {
        if cipher != nil {
            do throws(BlobStoreError) {
                let reader = try openContents(reference)
                let (sha256, byteCount) = try reader.stream(mappingErrors: { $0 }) { (_) throws(BlobStoreError) in }
                return sha256 == reference.sha256 && byteCount == reference.byteCount
            } catch .damagedBlob {
                return false
            }
        }
        let file = try openBlob(reference.sha256)
        let path = fileURL(forValidHash: reference.sha256).path
        let (sha256, byteCount) = try Self.streamChunks(
            of: file, readFailure: { .readFailed(path: path, reason: $0.description) }
        ) { _ in }
        return sha256 == reference.sha256 && byteCount == reference.byteCount
    }

    /// The content size in bytes of the committed blob file named `name` (as ``allHashes()``
    /// lists it), or nil when there is none (or the name is malformed, or the file is no
    /// encrypted blob of this key). In an encrypted store this reads the file's header: the
    /// length sealed after it (a padded file's length says only its bucket), or what an older,
    /// unpadded file's length gives.
    public func fileSize(ofBlob name: String) -> Int64? {
        guard Self.isValidHash(name), let info = try? FileSystem.status(ofPath: fileURL(forFileName: name).path),
            FileSystem.isRegularFile(info)
        else { return nil }
        guard cipher != nil else { return FileSystem.size(info) }
        return try? openContents(fileNamed: name).byteCount
    }

    /// Every committed blob file that fails to decrypt and authenticate, with why, sorted by
    /// name: the check of an encrypted store's blob folder without its rows. Empty for a plain
    /// store (whose files are checked against their rows' hashes, ``verify(_:)``).
    ///
    /// - Parameter excluded: file names (``fileName(forSHA256:)``) not to read, e.g. those the
    ///   caller verifies against their rows anyway.
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)``.
    public func damagedBlobFiles(
        excluding excluded: Set<String> = []
    ) throws(BlobStoreError) -> [(name: String, reason: String)] {
        guard cipher != nil else { return [] }
        var damaged: [(name: String, reason: String)] = []
        for name in try allHashes().sorted() where !excluded.contains(name) {
            do throws(BlobStoreError) {
                _ = try openContents(fileNamed: name).stream(mappingErrors: { $0 }) { (_) throws(BlobStoreError) in }
            } catch .damagedBlob(_, _, let reason) {
                damaged.append((name, reason))
            } catch .missingBlob {
                continue
            }
        }
        return damaged
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
    /// The file names among `names` whose blob file was modified less than `age` seconds ago.
    ///
    /// - Throws: ``BlobStoreError/readFailed(path:reason:)`` when a file's status cannot be read.
    func modifiedWithin(_ age: TimeInterval, _ names: Set<String>) throws(BlobStoreError) -> Set<String> {
        let cutoff = Date().timeIntervalSince1970 - age
        var recent = Set<String>()
        for hash in names where Self.isValidHash(hash) {
            let path = fileURL(forFileName: hash).path
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
