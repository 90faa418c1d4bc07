import Foundation
import ObjectGraph

/// Healing a medium's stored copy from the file it was made of: what adding the same file to an
/// entry does by the way (its staged copy replaces whatever the store held under its hash), for
/// an import that finds the file already in the diary (`import --from photos`).
extension Diary {
    /// Whether the stored copy of the medium whose SHA-256 is `sha256` is there and intact (read
    /// whole and checked against its hash and size); true when no medium has that hash.
    /// - Throws: store errors other than a missing or damaged file, as ``DiaryError``.
    func storedCopyIsIntact(sha256: String) throws(DiaryError) -> Bool {
        let context = makeContext()
        var request = FetchRequest(
            Medium.self, entityName: DiaryModel.Entity.medium,
            predicate: .equals("sha256", .string(sha256)))
        request.fetchLimit = 1
        guard let medium = try DiaryError.wrapping(databaseURL, { try context.fetch(request).first }) else {
            return true
        }
        do {
            return try blobStore.verify(Self.reference(of: medium))
        } catch .missingBlob, .invalidHash {
            return false
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
    }

    /// Copies the file at `url` into the store as the stored copy of the medium whose SHA-256 is
    /// `sha256`, replacing a damaged or missing one (written beside it, fsynced and renamed over
    /// it, so a crash leaves the old file or the new one). A row already refers to the hash, so no
    /// sweep can take the file away. False, and nothing changed, when the file no longer has that
    /// hash (it changed since it was hashed).
    /// - Throws: ``DiaryError`` when the file cannot be read or the copy cannot be written.
    func healStoredCopy(sha256: String, from url: URL) throws(DiaryError) -> Bool {
        let staged = try stageInBlobStore(url)
        guard staged.sha256 == sha256 else {
            discardStaged([staged])
            return false
        }
        do {
            _ = try blobStore.commit(staged)
        } catch {
            discardStaged([staged])
            throw DiaryError(error, store: databaseURL)
        }
        return true
    }
}
