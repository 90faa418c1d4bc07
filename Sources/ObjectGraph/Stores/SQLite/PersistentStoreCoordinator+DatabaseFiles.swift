internal import CSQLite
import Foundation

extension PersistentStoreCoordinator {
    /// Copies the SQLite database at `source` (opened with `sourceKey`, nil = plain) to
    /// `destination` (which must not exist), encrypted with `destinationKey` (nil = plain);
    /// complete and fsynced (the file and its folder) when it returns, mode 0600, with no -wal or
    /// -shm beside it. The source is only read (a consistent snapshot, while others may write it).
    /// On failure nothing is left at `destination`.
    ///
    /// The copy is SQLite's `VACUUM INTO` through the encrypting VFS, so it is also compacted. A
    /// plain copy of an encrypted store keeps the 40 bytes each page reserves (SQLite cannot drop
    /// them in a copy); it is an ordinary SQLite database all the same.
    /// - Throws: ``StoreError/missingStore(path:)`` for a missing or empty source,
    ///   ``StoreFailure/io(path:reason:)`` when `destination` exists or cannot be written,
    ///   ``StoreEncryptionError`` when `sourceKey` does not fit the source or a page of it is
    ///   damaged, ``StoreFailure`` or ``SQLiteError`` when SQLite fails.
    package static func copyDatabase(
        at source: URL, key sourceKey: StoreEncryptionKey?,
        to destination: URL, key destinationKey: StoreEncryptionKey?
    ) throws {
        let target = destination.path
        switch (try StoreCipher.kind(ofFileAt: source.path), sourceKey) {
        case (.empty, _): throw StoreError.missingStore(path: source.path)
        case (.encrypted, nil): throw StoreEncryptionError.keyRequired(path: source.path)
        case (.plain, .some): throw StoreEncryptionError.notEncrypted(path: source.path)
        default: break
        }
        let sourceHandle = try sourceKey.map(StoreCipher.KeyHandle.init)
        let targetHandle = try destinationKey.map(StoreCipher.KeyHandle.init)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreFailure.io(path: target, reason: String(cString: strerror(errno))) }
        _ = fchmod(descriptor, 0o600)
        close(descriptor)
        do {
            try SQLiteStore.namingFailures(of: source.path, busyTimeoutMilliseconds: 5_000) {
                try vacuum(source, key: sourceHandle, into: target, key: targetHandle)
            }
            try synchronize(target)
        } catch {
            unlink(target)
            throw error
        }
    }

    /// `VACUUM INTO` from `source` to the empty file `target`, each through the VFS its key asks for.
    private static func vacuum(
        _ source: URL, key sourceHandle: StoreCipher.KeyHandle?, into target: String,
        key targetHandle: StoreCipher.KeyHandle?
    ) throws {
        let connection = try SQLiteConnection(
            path: source.path, busyTimeoutMilliseconds: 5_000,
            access: SQLiteStore.readOnlyAccess(to: source), key: sourceHandle,
            acceptsURIs: true)
        if sourceHandle != nil { try connection.execute("PRAGMA temp_store = MEMORY") }
        if targetHandle != nil {
            // VACUUM INTO gives the copy the reserve the source asks for (SQLite's nReserveWanted).
            var reserve = StoreCipher.reservedBytes
            let code = sqlite3_file_control(connection.handle, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserve)
            guard code == SQLITE_OK else { throw connection.error(code: code, sql: "SQLITE_FCNTL_RESERVE_BYTES") }
        }
        let uri = SQLiteConnection.uri(
            target,
            targetHandle.map { ["vfs=\(StoreCipher.vfsName)", "pdkey=\($0.number)"] }
                ?? ["vfs=unix"])
        try connection.execute("VACUUM INTO '\(uri.replacingOccurrences(of: "'", with: "''"))'")
    }

    /// fsyncs the file at `path` and the folder that holds it.
    private static func synchronize(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        for (name, flags) in [(path, O_RDONLY), (folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)] {
            let descriptor = open(name, flags | O_CLOEXEC)
            guard descriptor >= 0 else { throw StoreFailure.io(path: name, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else {
                throw StoreFailure.io(path: name, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Every page of the SQLite database at `url` that fails authentication under `key` (page
    /// numbers, 1-based, sorted), reading the WAL too: its frames of the current log, where a torn
    /// last frame a crash left is not damage (SQLite ignores it too). Empty for a sound store.
    /// Reads the files directly, without SQLite and without locks, so it also works on a store
    /// whose first page is damaged; run it on a store no one is writing.
    /// - Throws: ``StoreEncryptionError/wrongKey(path:)``, ``StoreEncryptionError/notEncrypted(path:)``,
    ///   ``StoreError/missingStore(path:)``, ``StoreFailure/io(path:reason:)``.
    package static func damagedPages(ofDatabaseAt url: URL, key: StoreEncryptionKey) throws -> [Int] {
        if try StoreCipher.kind(ofFileAt: url.path) == .empty, access(url.path + "-wal", F_OK) != 0 {
            throw StoreError.missingStore(path: url.path)
        }
        return try StoreCipher.damagedPages(ofDatabaseAt: url.path, key: key)
    }

    /// Whether the database file at `url` is an encrypted store (reads its first 16 bytes only);
    /// false for a plain database, and for a missing or empty file.
    /// - Throws: ``StoreFailure/io(path:reason:)`` when the file cannot be read.
    package static func isEncryptedDatabase(at url: URL) throws -> Bool {
        try StoreCipher.kind(ofFileAt: url.path) == .encrypted
    }
}
