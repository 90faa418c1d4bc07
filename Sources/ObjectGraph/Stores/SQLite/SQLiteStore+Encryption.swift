internal import CSQLite
import Foundation

extension SQLiteStore {
    /// Checks that the database at `url` matches `key` before anything opens it, and registers the
    /// key with the encrypting VFS: nil for a plain store (no key).
    /// - Throws: ``StoreEncryptionError/keyRequired(path:)`` for an encrypted database opened
    ///   without a key; ``StoreEncryptionError/notEncrypted(path:)`` for a plain one opened with
    ///   one; ``StoreFailure/io(path:reason:)`` when the file cannot be read.
    static func encryptionKeyHandle(for url: URL, key: StoreEncryptionKey?) throws -> StoreCipher.KeyHandle? {
        let kind = try StoreCipher.kind(ofFileAt: url.path)
        guard let key else {
            if kind == .encrypted { throw StoreEncryptionError.keyRequired(path: url.path) }
            return nil
        }
        if kind == .plain { throw StoreEncryptionError.notEncrypted(path: url.path) }
        return try StoreCipher.KeyHandle(key)
    }

    /// Settings an encrypted connection needs before it reads or writes: pages reserve the bytes of
    /// their nonce and tag (taking effect on a new, empty database; VACUUM INTO copies it), and
    /// temporary tables and indexes stay in memory (the VFS refuses temporary files).
    /// - Throws: ``SQLiteError``.
    static func prepareEncryptedConnection(_ connection: SQLiteConnection) throws {
        var reserve = StoreCipher.reservedBytes
        let code = sqlite3_file_control(connection.handle, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserve)
        guard code == SQLITE_OK else { throw connection.error(code: code, sql: "SQLITE_FCNTL_RESERVE_BYTES") }
        try connection.execute("PRAGMA temp_store = MEMORY")
    }
}
