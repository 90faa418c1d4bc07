import Foundation
import ObjectGraph

extension Diary {
    /// Streams the file at `url` into the blob directory, hashing it on the way (written to
    /// a temporary file, fsynced, renamed; an existing blob of the same content is kept).
    /// - Returns: the committed blob's hash and size.
    /// - Throws: store and file errors as ``DiaryError``.
    func copyIntoBlobStore(_ url: URL) throws(DiaryError) -> BlobReference {
        try DiaryError.wrapping(databaseURL) {
            let staged = try blobStore.stage(fileAt: url)
            do {
                return try blobStore.commit(staged)
            } catch {
                blobStore.discard(staged)
                throw error
            }
        }
    }
}
