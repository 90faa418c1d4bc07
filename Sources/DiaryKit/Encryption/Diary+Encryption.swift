import Foundation
import ObjectGraph

/// Encrypted diaries: the key file, the passphrase and the kernel keyring.
///
/// A diary is encrypted when its folder holds `Diary.key` (see ``DiaryKeyFile``); opening one
/// takes a ``DiaryKey``, from the keyring or from the passphrase. A plain diary never loads
/// libsodium or keyutils: all these functions look at the key file first.
extension Diary {
    /// Whether the diary in `directory` is encrypted (its folder holds `Diary.key`).
    public static func isEncrypted(directory: URL) -> Bool {
        var status = stat()
        return lstat(DiaryKeyFile.url(in: directory.standardizedFileURL).path, &status) == 0
    }

    /// The key `diary unlock` kept in the keyring for the diary in `directory`, if any.
    /// - Throws: ``DiaryEncryptionError/notEncrypted(_:)``, ``DiaryEncryptionError/damagedKeyFile(_:detail:)``,
    ///   I/O errors reading the key file.
    public static func cachedKey(directory: URL) throws(DiaryError) -> CachedDiaryKey {
        let keyFile = try readKeyFile(directory)
        switch KeyCache.find(keyFile.keyIdentifier) {
        case .found(let key): return .found(DiaryKey(dataKey: key, identifier: keyFile.keyIdentifier))
        case .notFound: return .notFound
        case .unavailable(let reason): return .keyringUnavailable(reason)
        }
    }

    /// The data key of the diary in `directory`, unsealed with `passphrase` (an Argon2id
    /// derivation: about 0.7 s at the standard cost).
    /// - Throws: ``DiaryEncryptionError/wrongPassphrase(_:)``, ``DiaryEncryptionError/notEncrypted(_:)``,
    ///   ``DiaryEncryptionError/damagedKeyFile(_:detail:)``, ``DiaryEncryptionError/unavailable(_:)``.
    public static func unlock(directory: URL, passphrase: Passphrase) throws(DiaryError) -> DiaryKey {
        let keyFile = try readKeyFile(directory)
        let key = try keyFile.unsealing(with: passphrase, store: directory.standardizedFileURL)
        return DiaryKey(dataKey: key, identifier: keyFile.keyIdentifier)
    }

    /// Keeps `key` in the kernel keyring for `seconds`, so later commands of this user open the
    /// diary without asking.
    /// - Throws: ``DiaryEncryptionError/keyringUnavailable(_:)``.
    public static func keepUnlocked(_ key: DiaryKey, seconds: Int) throws(DiaryError) {
        try KeyCache.keep(key.dataKey, as: key.identifier, seconds: seconds)
    }

    /// Drops the kept key of the diary in `directory`; whether one was kept.
    /// - Throws: ``DiaryEncryptionError/notEncrypted(_:)``, ``DiaryEncryptionError/keyringUnavailable(_:)``,
    ///   key file errors.
    public static func lock(directory: URL) throws(DiaryError) -> Bool {
        try KeyCache.forget(try readKeyFile(directory).keyIdentifier)
    }

    /// Seals the data key of the diary in `directory` under `newPassphrase` (a fresh salt, the
    /// Argon2id cost the key file records; the data is not re-encrypted, and a key kept in the
    /// keyring stays valid). `key` is the proof of the current passphrase:
    /// ``unlock(directory:passphrase:)`` with it. The key file is replaced atomically: a crash
    /// leaves the old one or the new one.
    /// - Throws: ``DiaryEncryptionError/wrongPassphrase(_:)`` when `key` is not this diary's,
    ///   key file and I/O errors; nothing is changed then.
    public static func changePassphrase(
        directory: URL, unlockedWith key: DiaryKey,
        to newPassphrase: Passphrase
    ) throws(DiaryError) {
        try changePassphrase(directory: directory, unlockedWith: key, to: newPassphrase, cost: nil)
    }

    /// ``changePassphrase(directory:unlockedWith:to:)`` deriving the new key at `cost` (tests use a
    /// cheap one); nil keeps the key file's own, which reading it has checked is within the bounds
    /// (``PassphraseCost/isAcceptable``).
    package static func changePassphrase(
        directory: URL, unlockedWith key: DiaryKey,
        to newPassphrase: Passphrase, cost: PassphraseCost?
    ) throws(DiaryError) {
        let folder = directory.standardizedFileURL
        let keyFile = try readKeyFile(folder)
        guard keyFile.keyIdentifier == key.identifier else { throw .encryption(.wrongPassphrase(folder)) }
        try DiaryKeyFile.sealing(
            key.dataKey, identifier: keyFile.keyIdentifier, passphrase: newPassphrase,
            cost: cost ?? keyFile.cost
        )
        .write(into: folder)
    }

    /// Makes a new random data key, seals it under `passphrase` at `cost` and writes the key file
    /// into `folder` (which then holds an encrypted diary, or will: see conversion).
    /// - Throws: ``DiaryEncryptionError/unavailable(_:)``, ``DiaryError/io(path:reason:)``.
    package static func writeNewKeyFile(
        into folder: URL, passphrase: Passphrase,
        cost: PassphraseCost = .standard
    ) throws(DiaryError) -> DiaryKey {
        let dataKey: StoreEncryptionKey
        do {
            dataKey = try StoreEncryptionKey.random()
        } catch {
            throw .encryption(.unavailable(error.description))
        }
        let identifier = UUID()
        try DiaryKeyFile.sealing(dataKey, identifier: identifier, passphrase: passphrase, cost: cost).write(
            into: folder)
        return DiaryKey(dataKey: dataKey, identifier: identifier)
    }

    /// Whether `directory` holds a diary (its database file).
    public static func exists(directory: URL) -> Bool {
        var status = stat()
        return lstat(directory.standardizedFileURL.appending(component: databaseName).path, &status) == 0
    }

    /// Makes `directory` (0700, with any folders above it) ready to be created as an encrypted
    /// diary: a new data key sealed under `passphrase` in its key file. Opening it with the key
    /// (``init(directory:access:busyTimeout:mediaLimits:forReading:whileWaiting:key:)``) then
    /// creates the encrypted database; a crash in between leaves a key file that the next
    /// creating command, given the passphrase, completes.
    /// - Throws: ``DiaryEncryptionError/alreadyEncrypted(_:)``, ``DiaryError/uncreatableFolder(_:reason:)``,
    ///   ``DiaryEncryptionError/unavailable(_:)``, ``DiaryError/io(path:reason:)``.
    public static func prepareEncrypted(directory: URL, passphrase: Passphrase) throws(DiaryError) -> DiaryKey {
        let folder = directory.standardizedFileURL
        if isEncrypted(directory: folder) { throw .encryption(.alreadyEncrypted(folder)) }
        do throws(PrivateFileModesError) {
            try PrivateFileModes.createDirectories(atPath: folder.path)
        } catch {
            throw .uncreatableFolder(folder, reason: folderFailure(folder, error))
        }
        return try writeNewKeyFile(into: folder, passphrase: passphrase)
    }

    /// Checks that the diary in `directory` is encrypted.
    /// - Throws: ``DiaryEncryptionError/notEncrypted(_:)``, ``DiaryError/noDiary(_:)``, key file errors.
    public static func requireEncrypted(directory: URL) throws(DiaryError) {
        _ = try readKeyFile(directory)
    }

    /// Checks that the diary in `directory` is a plain one, ready to be encrypted.
    /// - Throws: ``DiaryEncryptionError/alreadyEncrypted(_:)``, ``DiaryEncryptionError/missingKeyFile(_:)``
    ///   for an encrypted database whose key file is gone, ``DiaryError/noDiary(_:)``.
    public static func requirePlain(directory: URL) throws(DiaryError) {
        let folder = directory.standardizedFileURL
        if isEncrypted(directory: folder) { throw .encryption(.alreadyEncrypted(folder)) }
        guard exists(directory: folder) else { throw .noDiary(folder) }
        if hasEncryptedDatabase(folder) { throw .encryption(.missingKeyFile(DiaryKeyFile.url(in: folder))) }
    }

    /// The key file of the diary in `directory`.
    /// - Throws: ``DiaryEncryptionError/notEncrypted(_:)`` when there is none,
    ///   ``DiaryEncryptionError/missingKeyFile(_:)`` when there is none beside an encrypted
    ///   database; ``DiaryError/noDiary(_:)`` when there is no diary at all.
    static func readKeyFile(_ directory: URL) throws(DiaryError) -> DiaryKeyFile {
        let folder = directory.standardizedFileURL
        guard isEncrypted(directory: folder) else {
            var status = stat()
            guard stat(folder.appending(component: databaseName).path, &status) == 0 else { throw .noDiary(folder) }
            if hasEncryptedDatabase(folder) { throw .encryption(.missingKeyFile(DiaryKeyFile.url(in: folder))) }
            throw .encryption(.notEncrypted(folder))
        }
        return try DiaryKeyFile.read(at: DiaryKeyFile.url(in: folder))
    }

    /// Whether the database in `folder` is an encrypted one (read from its first page; false
    /// when it cannot be read).
    private static func hasEncryptedDatabase(_ folder: URL) -> Bool {
        (try? PersistentStoreCoordinator.isEncryptedDatabase(at: folder.appending(component: databaseName))) == true
    }
}
