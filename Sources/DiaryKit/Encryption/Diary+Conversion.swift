internal import CDeferredLibraries
import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turning a plain diary into an encrypted one and back (`diary encrypt`, `diary decrypt`), and
/// an encrypted one into one under a new data key (`diary passphrase --rekey`, in `Diary+Rekeying.swift`).
///
/// The new store is built complete (database through ``PersistentStoreCoordinator/copyDatabase(at:key:to:key:)``,
/// blobs through ``BlobStore/copyBlobs(from:key:to:key:)``, the key file) in a new 0700 folder
/// beside the store, `.<name>.conversion`, and fsynced; then the two folders are swapped in one
/// step (`renameat2` with `RENAME_EXCHANGE`), and the old store, now in the conversion folder,
/// is deleted. A crash at any moment leaves the old store or the new one at the store's path,
/// whole; a leftover conversion folder (half built, or the old store) is removed by the next
/// command that opens the diary (``removeLeftoverConversion(of:)``). Another process holding the
/// store refuses the conversion as busy (see ``ConversionGuard``).
extension Diary {
    /// The folder a conversion of the store in `directory` builds in: `.<name>.conversion` beside it.
    static func conversionFolder(of directory: URL) -> URL {
        let folder = directory.standardizedFileURL
        return folder.deletingLastPathComponent()
            .appending(component: "." + folder.lastPathComponent + ".conversion", directoryHint: .isDirectory)
    }

    /// Removes what an interrupted conversion of the store in `directory` left beside it, unless a
    /// conversion is still working in it. One `lstat` when there is nothing (every command calls it).
    static func removeLeftoverConversion(of directory: URL) {
        let leftover = conversionFolder(of: directory)
        var status = stat()
        guard lstat(leftover.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
            !ConversionGuard.isLocked(leftover)
        else { return }
        removeTree(leftover)
    }

    /// Encrypts the plain diary in `directory` under a new data key sealed with `passphrase`.
    /// - Throws: ``DiaryEncryptionError/alreadyEncrypted(_:)``, ``DiaryError/noDiary(_:)``,
    ///   ``DiaryError/storeBusy(_:)`` when another process has the store open, store, blob and I/O
    ///   errors; the store is as it was then.
    public static func encrypt(directory: URL, passphrase: Passphrase) throws(DiaryError) -> DiaryKey {
        try encrypt(directory: directory, passphrase: passphrase, cost: .standard)
    }

    /// ``encrypt(directory:passphrase:)`` at an Argon2id `cost` (tests use a cheap one).
    package static func encrypt(
        directory: URL, passphrase: Passphrase,
        cost: PassphraseCost
    ) throws(DiaryError) -> DiaryKey {
        let folder = directory.standardizedFileURL
        if isEncrypted(directory: folder) { throw .encryption(.alreadyEncrypted(folder)) }
        var key: DiaryKey?
        try convert(folder, from: nil) { (building) throws(DiaryError) -> StoreEncryptionKey? in
            let made = try writeNewKeyFile(into: building, passphrase: passphrase, cost: cost)
            key = made
            return made.dataKey
        }
        guard let key else { throw .store(detail: "the conversion made no key") }
        return key
    }

    /// Decrypts the encrypted diary in `directory`, whose key is `key`, back into a plain one, and
    /// drops the key from the keyring.
    /// - Throws: ``DiaryEncryptionError/notEncrypted(_:)``, ``DiaryError/storeBusy(_:)``, store,
    ///   blob and I/O errors; the store is as it was then.
    public static func decrypt(directory: URL, key: DiaryKey) throws(DiaryError) {
        let folder = directory.standardizedFileURL
        try requireEncrypted(directory: folder)
        try convert(folder, from: key.dataKey) { (_) throws(DiaryError) -> StoreEncryptionKey? in nil }
        _ = try? KeyCache.forget(key.identifier)
    }

    /// Builds the store of `folder` again beside it, under the key `prepare` gives (after making
    /// whatever else the new folder needs, such as its key file), and swaps it in: encrypting,
    /// decrypting and re-keying (``rekey(directory:unlockedWith:to:)``) alike.
    static func convert(
        _ folder: URL, from sourceKey: StoreEncryptionKey?,
        prepare: (URL) throws(DiaryError) -> StoreEncryptionKey?
    ) throws(DiaryError) {
        let database = folder.appending(component: databaseName, directoryHint: .notDirectory)
        guard FileAccess.of(database) == .readable else { throw .noDiary(folder) }
        try refuseForeignEntries(in: folder)
        let building = conversionFolder(of: folder)
        if ConversionGuard.isLocked(building) { throw .storeBusy(folder) }
        removeTree(building)
        let guarded = try ConversionGuard(store: folder)
        guard mkdir(building.path, 0o700) == 0, chmod(building.path, 0o700) == 0 else {
            throw .io(path: building.path, reason: String(cString: strerror(errno)))
        }
        var switched = false
        defer {
            // Before the switch this is the half-built store; after it, the old one.
            if !switched { removeTree(building) }
        }
        try guarded.lockFolder(building)
        let targetKey = try prepare(building)
        let blobs = folder.appending(component: "Diary.blobs", directoryHint: .isDirectory)
        do {
            try PersistentStoreCoordinator.copyDatabase(
                at: database, key: sourceKey,
                to: building.appending(component: databaseName), key: targetKey)
            try BlobStore.copyBlobs(
                from: blobs, key: sourceKey,
                to: building.appending(component: "Diary.blobs", directoryHint: .isDirectory),
                key: targetKey)
        } catch {
            throw DiaryError(error, store: database)
        }
        try DiaryKeyFile.syncFolder(building)
        // A process that opened the store during the copy and is still there would be stranded
        // on the old store by the switch; one that wrote meanwhile would lose its entry.
        try guarded.checkUntouched()
        guard cdl_rename_exchange(folder.path, building.path) == 0 else {
            throw .io(
                path: folder.path, reason: "cannot swap in the converted store: \(String(cString: strerror(errno)))")
        }
        switched = true
        try DiaryKeyFile.syncFolder(folder.deletingLastPathComponent())
        removeTree(building)
        try DiaryKeyFile.syncFolder(folder.deletingLastPathComponent())
    }

    /// Refuses a store folder holding anything but the store's own files: the conversion swaps
    /// the whole folder, and would otherwise delete them with the old store. A migration's backup
    /// (`Diary.sqlite.backup-…`) is the store's own: it goes with the old store, since it holds
    /// the diary in the old form (in the clear, for a diary being encrypted).
    private static func refuseForeignEntries(in folder: URL) throws(DiaryError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .io(path: folder.path, reason: reason(of: error))
        }
        let foreign = names.filter { !storeEntryNames.contains($0) && !isMigrationBackup($0) }.sorted()
        guard foreign.isEmpty else {
            throw .io(
                path: folder.path,
                reason: "it holds files that are not the diary's ("
                    + foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
                    + "); move them elsewhere first, nothing was changed")
        }
    }

    /// Deletes a folder and everything in it, whatever its modes (blobs are 0400 in 0700 folders).
    static func removeTree(_ folder: URL) {
        var status = stat()
        guard lstat(folder.path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            _ = chmod(folder.path, 0o700)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                removeTree(folder.appending(component: name))
            }
            _ = rmdir(folder.path)
        } else {
            _ = unlink(folder.path)
        }
    }
}
