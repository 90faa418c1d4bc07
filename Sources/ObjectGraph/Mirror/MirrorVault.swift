import Foundation

/// Seals what goes to a remote and opens what comes from it, with the mirror's sync key, in the
/// encrypted blob format (see `BlobCipher`): 64 KiB chunks of AES-256-GCM under a key of the
/// file's own, the last chunk marked and carrying the content's SHA-256 and length, so a file
/// flipped, truncated, extended or spliced fails to open. Content goes through a scratch folder
/// of sealed files, a chunk at a time, so memory stays flat whatever a medium's size.
///
/// A blob's remote name is BLAKE2b of its SHA-256 keyed with a subkey of the sync key: the same
/// photo added on two devices is one remote file, and the name says nothing of its content. A
/// blob's file is padded to its bucket, as in an encrypted store, so the remote learns only that
/// of its size; a change set's is not padded (a new text entry's change set is some hundred
/// bytes, and the 4 KiB of the smallest bucket would make every sync send several times more).
final class MirrorVault: Sendable {
    /// Sealed files on their way to or from the remote.
    let scratch: BlobStore

    /// A vault sealing with `key`, working in `folder` (made when missing).
    init(key: StoreEncryptionKey, folder: URL) throws(MirrorError) {
        do {
            scratch = try BlobStore(directory: folder, encryptionKey: key)
        } catch {
            throw .remoteFailed(remote: "this device", path: folder.path, reason: error.description)
        }
    }

    /// The remote path of the blob whose content has SHA-256 `sha256`.
    func remotePath(ofBlob sha256: String) -> String {
        "blobs/" + scratch.fileName(forSHA256: sha256)
    }

    /// `data` (a change set), sealed and not padded, in a scratch file (remove it with
    /// ``discard(_:)``).
    func seal(_ data: Data) throws(MirrorError) -> StagedBlob {
        do {
            return try scratch.stage(data: data, paddedToBucket: false)
        } catch {
            throw .encryptionFailed(reason: error.description)
        }
    }

    /// The content of the local blob `reference`, sealed for the remote, in a scratch file.
    func seal(_ reference: BlobReference, from store: BlobStore) throws(MirrorError) -> StagedBlob {
        do {
            let staged = try scratch.stage(from: try store.openContents(reference))
            guard staged.sha256 == reference.sha256 else {
                scratch.discard(staged)
                throw BlobStoreError.corruptBlob(sha256: reference.sha256)
            }
            return staged
        } catch {
            throw .encryptionFailed(reason: "the medium \(reference.sha256.prefix(12))… cannot be read here: \(error)")
        }
    }

    /// The content `fill` gives a buffer at a time (see ``BlobStore/stage(filling:)``), sealed
    /// for the remote as it is made, in a scratch file: a snapshot is never whole in memory.
    func seal(
        filling fill: (UnsafeMutableRawBufferPointer) throws(BlobStoreError) -> Int
    ) throws(MirrorError) -> StagedBlob {
        do {
            return try scratch.stage(filling: fill)
        } catch {
            throw .encryptionFailed(reason: error.description)
        }
    }

    /// Removes a scratch file.
    func discard(_ staged: StagedBlob) {
        scratch.discard(staged)
    }

    /// The whole content of the sealed file at `url`, checked; nil when it fails authentication
    /// or is not whole (flipped, truncated, sealed with another key).
    func open(_ url: URL) -> Data? {
        guard let reader = try? reader(url, sha256: nil) else { return nil }
        var content = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            guard let count = try? reader.read(into: buffer) else { return nil }
            if count == 0 { return content }
            content.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Stages the sealed blob file at `url`, which must hold `reference`'s content, into `store`
    /// (streamed); nil when it fails authentication or holds other content.
    func unseal(_ url: URL, as reference: BlobReference, into store: BlobStore) -> StagedBlob? {
        guard let reader = try? reader(url, sha256: reference.sha256),
            let staged = try? store.stage(from: reader)
        else { return nil }
        guard staged.sha256 == reference.sha256, staged.byteCount == reference.byteCount else {
            store.discard(staged)
            return nil
        }
        return staged
    }

    /// A scratch path for a download.
    func downloadURL() -> URL {
        scratch.directory.appending(component: MirrorRemoteFile.temporaryPrefix + UUID().uuidString.lowercased())
    }

    /// A reader of the sealed file at `url`, authenticating each chunk as it is read and, at
    /// the end, that the content is whole and (when given) has SHA-256 `sha256`.
    func reader(_ url: URL, sha256: String?) throws -> BlobReader {
        let file = try FileDescriptor.reading(url.path)
        return try BlobReader.open(file: file, path: url.path, cipher: scratch.cipher, sha256: sha256, name: nil)
    }
}
