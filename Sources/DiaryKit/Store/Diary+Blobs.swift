import Foundation
import ObjectGraph

extension Diary {
    /// Streams the file at `url` into the blob directory's staging area, hashing it on the way
    /// (written to a temporary file and fsynced). The save that refers to it commits it inside
    /// its transaction (see `ManagedObject.setBinaryValue(_:forKey:)`), so another process's
    /// save can never remove a shared blob file between its commit and our row.
    /// - Returns: the staged blob, with its hash and size.
    /// - Throws: store and file errors as ``DiaryError``.
    func stageInBlobStore(_ url: URL) throws(DiaryError) -> StagedBlob {
        try DiaryError.wrapping(databaseURL) { try blobStore.stage(fileAt: url) }
    }

    /// Removes what is left of `staged` in the staging area after a save (a no-op for blobs
    /// the save committed; the temporary files of a failed save).
    func discardStaged(_ staged: some Sequence<StagedBlob>) {
        for blob in staged { blobStore.discard(blob) }
    }
}
