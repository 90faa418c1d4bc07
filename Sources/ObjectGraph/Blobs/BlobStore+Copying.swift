import Foundation

extension BlobStore {
    /// How many copied blobs are committed (and their folders synced) at once.
    static let copyBatchSize = 64

    /// Copies every blob of the folder `source` (under `sourceKey`, nil = plain) into the new
    /// folder `destination` (0700, with 0700 shard folders and 0400 files) under
    /// `destinationKey`: plain to encrypted, encrypted to plain, or from one key to another.
    ///
    /// Streamed (memory stays flat whatever the blobs' sizes), every file fsynced, every folder
    /// synced before this returns. Each blob is checked as it is copied: a plain one against
    /// the SHA-256 its name is, an encrypted one by its authentication and its trailer; the
    /// first that fails stops the copy with its error. The staging folder and anything that
    /// is not a blob are not copied. On failure the destination is left as far as it got:
    /// remove it (it was new).
    ///
    /// - Throws: ``BlobStoreError/directoryUnavailable(path:reason:)`` when `destination` exists
    ///   and is not an empty folder (or cannot be made); ``BlobStoreError/damagedBlob(sha256:path:reason:)``
    ///   or ``BlobStoreError/corruptBlob(sha256:)`` for a source blob that fails its check;
    ///   ``BlobStoreError/readFailed(path:reason:)``, ``BlobStoreError/writeFailed(path:reason:)``.
    package static func copyBlobs(
        from source: URL, key sourceKey: StoreEncryptionKey?,
        to destination: URL, key destinationKey: StoreEncryptionKey?
    ) throws(BlobStoreError) {
        let existing: [String]?
        do throws(SystemCallError) {
            existing = try FileSystem.entries(ofDirectory: destination.standardizedFileURL.path)
        } catch {
            throw .directoryUnavailable(path: destination.path, reason: error.description)
        }
        if let existing, !existing.isEmpty {
            throw .directoryUnavailable(path: destination.path, reason: "it is not empty; copy blobs into a new folder")
        }
        let from = BlobStore(readingDirectory: source, encryptionKey: sourceKey)
        let to = try BlobStore(directory: destination, encryptionKey: destinationKey)
        var batch: [StagedBlob] = []
        defer { for staged in batch { to.discard(staged) } }
        for name in try from.allHashes().sorted() {
            let reader: BlobReader
            do throws(BlobStoreError) {
                reader = try from.openContents(fileNamed: name)
            } catch .missingBlob {
                continue  // Removed meanwhile.
            }
            let staged = try to.stage(from: reader)
            batch.append(staged)
            // A plain source's name is its content's SHA-256; an encrypted one's reader checked it.
            if from.cipher == nil, staged.sha256 != name { throw .corruptBlob(sha256: name) }
            if batch.count == copyBatchSize {
                _ = try to.commit(batch)
                batch.removeAll()
            }
        }
        if !batch.isEmpty {
            _ = try to.commit(batch)
            batch.removeAll()
        }
        // Even with no blob, the new folder's name is made durable.
        do throws(SystemCallError) {
            try FileSystem.synchronizeDirectory(atPath: to.directory.path)
            try FileSystem.synchronizeDirectory(atPath: to.directory.deletingLastPathComponent().path)
        } catch {
            throw .writeFailed(path: to.directory.path, reason: error.description)
        }
    }
}
