internal import CSQLite
internal import CStoreCipher
import Foundation

/// The encrypting SQLite VFS of encrypted stores (the C target `CStoreCipher`, whose header
/// describes the page layout), as the SQLite store uses it.
///
/// A key reaches the VFS as a ``KeyHandle``: registered just before a connection opens its
/// database (the URI carries the handle's number, never the key) and removed, zeroed, right
/// after; the open file keeps its own derived keys and zeroes them when it closes.
package enum StoreCipher {
    /// The VFS's name.
    static let vfsName = STORECIPHER_VFS_NAME
    /// The bytes each page of an encrypted database reserves for its nonce and tag.
    static let reservedBytes: Int32 = STORECIPHER_RESERVE_BYTES
    /// `SQLITE_IOERR_DATA` (a macro Swift does not import): the VFS's "a page failed to open".
    static let failedPageCode: Int32 = SQLITE_IOERR | (32 << 8)

    /// What a database file holds, judged from its first bytes.
    enum FileKind: Equatable {
        /// No file, or an empty one: a store that does not exist yet.
        case empty
        /// A plain SQLite database.
        case plain
        /// An encrypted store's database.
        case encrypted
        /// Something else (SQLite will call it no database).
        case other
    }

    /// What the file at `path` holds.
    /// - Throws: ``StoreFailure/io(path:reason:)`` when it cannot be read.
    static func kind(ofFileAt path: String) throws -> FileKind {
        let result = storecipher_probe(path)
        switch result {
        case Int32(STORECIPHER_FILE_EMPTY): return .empty
        case Int32(STORECIPHER_FILE_PLAIN): return .plain
        case Int32(STORECIPHER_FILE_ENCRYPTED): return .encrypted
        case Int32(STORECIPHER_FILE_OTHER): return .other
        default: throw StoreFailure.io(path: path, reason: String(cString: strerror(-result)))
        }
    }

    /// Registers the VFS with SQLite (once).
    /// - Throws: ``StoreEncryptionError/libraryUnavailable(_:)`` when it cannot be.
    static func register() throws {
        let code = storecipher_register()
        guard code == SQLITE_OK else {
            throw StoreEncryptionError.libraryUnavailable(
                "the encrypting SQLite VFS could not be registered (SQLite code \(code))")
        }
    }

    /// A key registered with the VFS, removed (zeroed) when this goes.
    final class KeyHandle {
        /// The number the URI parameter `pdkey` carries.
        let number: UInt64

        /// Registers `key`.
        /// - Throws: ``StoreEncryptionError/libraryUnavailable(_:)`` when the VFS cannot be
        ///   registered or its key registry is full.
        init(_ key: StoreEncryptionKey) throws {
            try StoreCipher.register()
            let number = key.withUnsafeBytes {
                storecipher_add_key($0.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            guard number != 0 else {
                throw StoreEncryptionError.libraryUnavailable("too many encrypted databases are being opened at once")
            }
            self.number = number
        }

        deinit { storecipher_remove_key(number) }

        /// The registry's copy of this key's derived keys (for tests of key memory: locked, out of
        /// core dumps, zeroed once removed; the memory stays mapped after this handle goes).
        var registeredKeyMemory: UnsafeRawBufferPointer? {
            var length = 0
            guard let memory = storecipher_registered_key_memory(number, &length) else { return nil }
            return UnsafeRawBufferPointer(start: memory, count: length)
        }
    }

    /// The derived keys the open database of `connection` holds (for tests of key memory), or nil
    /// when it is not encrypted. Valid while the connection is open.
    static func fileKeyMemory(of connection: SQLiteConnection) -> UnsafeRawBufferPointer? {
        var length = 0
        guard let memory = storecipher_file_key_memory(UnsafeMutableRawPointer(connection.handle), &length) else {
            return nil
        }
        return UnsafeRawBufferPointer(start: memory, count: length)
    }

    /// The typed error for a failure of the VFS behind SQLite's `extendedCode` on this thread,
    /// or nil when the failure was not the VFS's.
    static func failure(forExtendedCode extendedCode: Int32) -> StoreEncryptionError? {
        guard extendedCode == failedPageCode else { return nil }
        var page: UInt32 = 0
        var path = [CChar](repeating: 0, count: 4096)
        let kind = storecipher_take_failure(&page, &path, path.count)
        let name = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch kind {
        case Int32(STORECIPHER_DAMAGED): return .damagedPage(path: name, page: Int(page))
        case Int32(STORECIPHER_WRONG_KEY): return .wrongKey(path: name)
        case Int32(STORECIPHER_NOT_ENCRYPTED): return .notEncrypted(path: name)
        default: return nil
        }
    }

    /// Every page of the database at `path` (and its WAL) that fails authentication under `key`.
    /// - Throws: ``StoreEncryptionError/wrongKey(path:)``, ``StoreEncryptionError/notEncrypted(path:)``,
    ///   ``StoreFailure/io(path:reason:)``.
    static func damagedPages(ofDatabaseAt path: String, key: StoreEncryptionKey) throws -> [Int] {
        var pages: UnsafeMutablePointer<UInt32>?
        var count = 0
        let result = key.withUnsafeBytes {
            storecipher_damaged_pages(path, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), &pages, &count)
        }
        defer { storecipher_free(pages) }
        switch result {
        case Int32(STORECIPHER_OK):
            return (0..<count).map { Int(pages![$0]) }
        case Int32(STORECIPHER_WRONG_KEY): throw StoreEncryptionError.wrongKey(path: path)
        case Int32(STORECIPHER_NOT_ENCRYPTED): throw StoreEncryptionError.notEncrypted(path: path)
        default: throw StoreFailure.io(path: path, reason: String(cString: strerror(-result)))
        }
    }

    /// Seals (and, when `opening`, opens again) `count` pages of `pageSize` bytes from `input`
    /// into `output` as the VFS does; how many failed (0). For the page-throughput benchmark.
    package static func benchmarkPages(
        key: StoreEncryptionKey, input: UnsafeRawBufferPointer,
        output: UnsafeMutableRawBufferPointer, pageSize: Int, opening: Bool
    ) -> Int {
        let count = min(input.count, output.count) / pageSize
        return Int(
            key.withUnsafeBytes {
                storecipher_benchmark_pages(
                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    input.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    Int32(pageSize), Int32(count), opening ? 1 : 0)
            })
    }
}
