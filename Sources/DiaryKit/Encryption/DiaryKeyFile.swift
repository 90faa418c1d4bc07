internal import CSodium
import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Diary.key`, beside `Diary.sqlite` in an encrypted diary: the store's data key, sealed under
/// a key derived from the passphrase.
///
/// It cannot live in the database's metadata (as DESIGN.md first had it): the metadata is
/// inside the encrypted pages, and the data key is needed to read them.
///
/// Layout (version 1, 136 bytes, integers little-endian):
///
/// | bytes | field |
/// |---|---|
/// | 0..<8 | magic `PDKEY\r\n\u{1A}` |
/// | 8..<10 | version, 1 |
/// | 10..<12 | algorithm: libsodium's `crypto_pwhash_ALG_ARGON2ID13` (2) |
/// | 12..<16 | zero |
/// | 16..<24 | Argon2id opslimit |
/// | 24..<32 | Argon2id memlimit, bytes |
/// | 32..<48 | Argon2id salt |
/// | 48..<64 | key identifier: random per data key, kept by a passphrase change (names the key in the keyring) |
/// | 64..<88 | XChaCha20-Poly1305 nonce |
/// | 88..<136 | the 32-byte data key sealed with XChaCha20-Poly1305 (with its 16-byte tag) |
///
/// Bytes 0..<88 are the associated data of the seal, so a changed cost, salt or identifier is
/// found out as surely as a wrong passphrase, but no earlier: both are "wrong passphrase".
/// Written 0600 to a temporary file, fsynced, renamed over the old one, folder fsynced.
package struct DiaryKeyFile: Sendable, Equatable {
    /// The file's name inside the diary folder.
    package static let fileName = "Diary.key"
    /// What every key file starts with.
    static let magic: [UInt8] = Array("PDKEY\r\n".utf8) + [0x1A]
    /// The one version this program writes and reads.
    static let version: UInt16 = 1
    /// The sealed part's offset, which is the header's length.
    static let headerLength = 88
    /// The whole file's length.
    static let length = headerLength + StoreEncryptionKey.byteCount + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    /// The derivation cost the file records.
    package let cost: PassphraseCost
    /// The Argon2id salt (16 bytes).
    let salt: [UInt8]
    /// Names the data key (not the passphrase): the keyring entry's description.
    package let keyIdentifier: UUID
    /// The seal's nonce (24 bytes).
    let nonce: [UInt8]
    /// The sealed data key and its tag.
    let sealed: [UInt8]

    /// Seals `dataKey` under `passphrase` with a fresh salt and nonce.
    /// - Throws: ``DiaryEncryptionError/unavailable(_:)`` when libsodium cannot be loaded or
    ///   the derivation fails (out of memory).
    package static func sealing(
        _ dataKey: StoreEncryptionKey, identifier: UUID, passphrase: Passphrase,
        cost: PassphraseCost = .standard
    ) throws(DiaryError) -> DiaryKeyFile {
        try loadSodium()
        var salt = [UInt8](repeating: 0, count: Int(crypto_pwhash_SALTBYTES))
        var nonce = [UInt8](repeating: 0, count: Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        randombytes_buf(&salt, salt.count)
        randombytes_buf(&nonce, nonce.count)
        let header = Self.header(cost: cost, salt: salt, identifier: identifier, nonce: nonce)
        var sealed = [UInt8](repeating: 0, count: length - headerLength)
        try withDerivedKey(passphrase, salt: salt, cost: cost) { (wrapping) throws(DiaryError) in
            let status = dataKey.withUnsafeBytes { key in
                crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &sealed, nil, key.baseAddress, UInt64(key.count),
                    header, UInt64(header.count), nil, nonce, wrapping)
            }
            guard status == 0 else { throw DiaryError.encryption(.unavailable("sealing the data key failed")) }
        }
        return DiaryKeyFile(cost: cost, salt: salt, keyIdentifier: identifier, nonce: nonce, sealed: sealed)
    }

    /// The data key, unsealed with `passphrase`.
    /// - Throws: ``DiaryEncryptionError/wrongPassphrase(_:)`` (naming `store`) when the passphrase (or the
    ///   file) is wrong; ``DiaryEncryptionError/unavailable(_:)``.
    package func unsealing(with passphrase: Passphrase, store: URL) throws(DiaryError) -> StoreEncryptionKey {
        try Self.loadSodium()
        let header = Self.header(cost: cost, salt: salt, identifier: keyIdentifier, nonce: nonce)
        // The unsealed key, until it is copied into the key's own memory.
        let bytes = SecretBytes(count: StoreEncryptionKey.byteCount)
        try Self.withDerivedKey(passphrase, salt: salt, cost: cost) { (wrapping) throws(DiaryError) in
            let status = crypto_aead_xchacha20poly1305_ietf_decrypt(
                bytes.pointer, nil, nil, sealed, UInt64(sealed.count),
                header, UInt64(header.count), nonce, wrapping)
            guard status == 0 else { throw DiaryError.encryption(.wrongPassphrase(store)) }
        }
        do {
            return try StoreEncryptionKey(bytes: UnsafeBufferPointer(start: bytes.pointer, count: bytes.count))
        } catch {
            throw .encryption(.unavailable(error.description))
        }
    }

    /// The file's bytes.
    var bytes: [UInt8] {
        Self.header(cost: cost, salt: salt, identifier: keyIdentifier, nonce: nonce) + sealed
    }

    // MARK: Reading and writing

    /// The key file of the diary in `directory`.
    package static func url(in directory: URL) -> URL {
        directory.appending(component: fileName, directoryHint: .notDirectory)
    }

    /// Reads and parses the key file at `url`.
    /// - Throws: ``DiaryEncryptionError/damagedKeyFile(_:detail:)`` for a file that is not a key file of
    ///   this version; ``DiaryError/permissionDenied(_:)``, ``DiaryError/io(path:reason:)``.
    package static func read(at url: URL) throws(DiaryError) -> DiaryKeyFile {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == EACCES { throw .permissionDenied(url) }
            throw .io(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: length + 1)
        let count = try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemCallError) in try readAll(from: descriptor, into: bytes) }
        }.mapError { DiaryError.io(path: url.path, reason: String(cString: strerror($0.code))) }.get()
        return try parse(Array(buffer[..<count]), url: url)
    }

    /// Parses a key file's bytes.
    static func parse(_ bytes: [UInt8], url: URL) throws(DiaryError) -> DiaryKeyFile {
        guard bytes.count >= 10, Array(bytes[0..<8]) == magic else {
            throw .encryption(.damagedKeyFile(url, detail: "it is not a diary key file"))
        }
        let version = UInt16(bytes[8]) | UInt16(bytes[9]) << 8
        guard version == Self.version else {
            throw .encryption(
                .damagedKeyFile(url, detail: "it has version \(version); this diary reads version \(Self.version)"))
        }
        guard bytes.count == length else {
            throw .encryption(.damagedKeyFile(url, detail: "it has \(bytes.count) bytes, not \(length)"))
        }
        func integer(at offset: Int, bytes count: Int) -> UInt64 {
            (0..<count).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        guard integer(at: 10, bytes: 2) == UInt64(crypto_pwhash_ALG_ARGON2ID13), integer(at: 12, bytes: 4) == 0 else {
            throw .encryption(.damagedKeyFile(url, detail: "it names a key derivation this diary does not know"))
        }
        let cost = PassphraseCost(operations: integer(at: 16, bytes: 8), memoryBytes: integer(at: 24, bytes: 8))
        guard cost.isAcceptable else {
            throw .encryption(
                .damagedKeyFile(
                    url,
                    detail: "its Argon2id cost (\(cost.operations) passes, "
                        + "\(cost.memoryBytes) bytes) is outside what this diary derives with"))
        }
        let identifier = bytes[48..<64].withUnsafeBytes { raw in
            UUID(uuid: raw.loadUnaligned(as: uuid_t.self))
        }
        return DiaryKeyFile(
            cost: cost, salt: Array(bytes[32..<48]), keyIdentifier: identifier,
            nonce: Array(bytes[64..<88]), sealed: Array(bytes[88...]))
    }

    /// Writes the file into `directory` as ``fileName``: 0600, through a temporary file that is
    /// fsynced and renamed over any old one, then the folder fsynced; so a crash leaves the old
    /// file or the new one, whole.
    /// - Throws: ``DiaryError/io(path:reason:)``.
    package func write(into directory: URL) throws(DiaryError) {
        let target = Self.url(in: directory)
        let temporary = directory.appending(
            component: ".\(Self.fileName).\(UUID().uuidString)", directoryHint: .notDirectory)
        func failure(_ step: String, _ path: URL, code: Int32 = errno) -> DiaryError {
            .io(path: path.path, reason: "\(step): \(String(cString: strerror(code)))")
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create the key file", temporary) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        let contents = bytes
        let written = contents.withUnsafeBytes { bytes in
            Result { () throws(SystemCallError) in try writeAll(to: descriptor, bytes) }
        }
        if case .failure(let error) = written {
            unlink(temporary.path)
            throw failure("cannot write the key file", temporary, code: error.code)
        }
        guard fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            unlink(temporary.path)
            throw failure("cannot flush the key file", temporary)
        }
        closed = true
        close(descriptor)
        guard rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            throw failure("cannot put the key file in place", target)
        }
        try Self.syncFolder(directory)
    }

    /// fsyncs a folder, so a rename in it survives a crash.
    /// - Throws: ``DiaryError/io(path:reason:)``.
    package static func syncFolder(_ directory: URL) throws(DiaryError) {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw .io(path: directory.path, reason: String(cString: strerror(errno))) }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw .io(path: directory.path, reason: String(cString: strerror(errno))) }
    }

    // MARK: Parts

    private static func header(cost: PassphraseCost, salt: [UInt8], identifier: UUID, nonce: [UInt8]) -> [UInt8] {
        func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            (0..<T.bitWidth / 8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let uuid = withUnsafeBytes(of: identifier.uuid) { Array($0) }
        return magic + littleEndian(version) + littleEndian(UInt16(crypto_pwhash_ALG_ARGON2ID13))
            + littleEndian(UInt32(0))
            + littleEndian(cost.operations) + littleEndian(cost.memoryBytes) + salt + uuid + nonce
    }

    /// Derives the wrapping key from `passphrase` with Argon2id and calls `body` with it, in
    /// secret memory (``SecretBytes``) zeroed after.
    private static func withDerivedKey(
        _ passphrase: Passphrase, salt: [UInt8], cost: PassphraseCost,
        _ body: (UnsafePointer<UInt8>) throws(DiaryError) -> Void
    ) throws(DiaryError) {
        let wrapping = SecretBytes(count: Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES))
        let status = passphrase.withUnsafeBytes { typed in
            guard let base = typed.baseAddress else {
                return crypto_pwhash(
                    wrapping.pointer, UInt64(wrapping.count), "", 0, salt, cost.operations,
                    Int(cost.memoryBytes), crypto_pwhash_ALG_ARGON2ID13)
            }
            return crypto_pwhash(
                wrapping.pointer, UInt64(wrapping.count), base.assumingMemoryBound(to: CChar.self),
                UInt64(typed.count), salt, cost.operations, Int(cost.memoryBytes),
                crypto_pwhash_ALG_ARGON2ID13)
        }
        guard status == 0 else {
            throw .encryption(
                .unavailable(
                    "deriving the key from the passphrase failed (Argon2id needs "
                        + "\(cost.memoryBytes >> 20) MiB of memory)"))
        }
        try body(wrapping.pointer)
    }

    private static func loadSodium() throws(DiaryError) {
        do {
            try Sodium.ensureLoaded()
        } catch {
            throw .encryption(.unavailable(error.description))
        }
    }
}
