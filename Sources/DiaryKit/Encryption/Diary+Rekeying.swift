import Foundation
import ObjectGraph

/// Re-encrypting an encrypted diary under a new data key (`diary passphrase --rekey`).
///
/// A passphrase change (``changePassphrase(directory:unlockedWith:to:)``) seals the same data key
/// again, so a copy of the old `Diary.key` (in a backup) with the old passphrase still opens
/// today's data. A re-key makes a new random data key, seals it under the new passphrase, and
/// builds the whole store again under it beside the old one (the database page by page, every
/// media file under a new keyed name), then swaps the two folders, as ``encrypt(directory:passphrase:)``
/// does: a crash leaves the old store (old key, old passphrase) or the new one, whole.
extension Diary {
    /// Re-encrypts the encrypted diary in `directory`, whose key is `key`, under a new random data
    /// key sealed with `newPassphrase` at the Argon2id cost its key file records; drops the old key
    /// from the keyring. Gives the new key.
    /// - Throws: ``DiaryEncryptionError/notEncrypted(_:)``, ``DiaryEncryptionError/wrongPassphrase(_:)``
    ///   when `key` is not this diary's, ``DiaryError/storeBusy(_:)`` when another process has the
    ///   store open, store, blob and I/O errors; the store is as it was then.
    public static func rekey(
        directory: URL, unlockedWith key: DiaryKey,
        to newPassphrase: Passphrase
    ) throws(DiaryError) -> DiaryKey {
        try rekey(directory: directory, unlockedWith: key, to: newPassphrase, cost: nil)
    }

    /// ``rekey(directory:unlockedWith:to:)`` deriving the new key at `cost` (tests use a cheap
    /// one); nil keeps the key file's own.
    package static func rekey(
        directory: URL, unlockedWith key: DiaryKey, to newPassphrase: Passphrase,
        cost: PassphraseCost?
    ) throws(DiaryError) -> DiaryKey {
        let folder = directory.standardizedFileURL
        let keyFile = try readKeyFile(folder)
        guard keyFile.keyIdentifier == key.identifier else { throw .encryption(.wrongPassphrase(folder)) }
        var made: DiaryKey?
        try convert(folder, from: key.dataKey) { (building) throws(DiaryError) -> StoreEncryptionKey? in
            let new = try writeNewKeyFile(into: building, passphrase: newPassphrase, cost: cost ?? keyFile.cost)
            made = new
            return new.dataKey
        }
        guard let made else { throw .store(detail: "the re-encryption made no key") }
        _ = try? KeyCache.forget(key.identifier)
        return made
    }
}
