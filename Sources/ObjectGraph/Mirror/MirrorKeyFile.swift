internal import CDeferredLibraries
internal import CSodium
import Foundation

/// The remote's `keys` file: the mirror's random 256-bit sync key, sealed with a key derived
/// from the sync passphrase by Argon2id (libsodium's `crypto_pwhash`), and the derivation's
/// parameters in the clear beside it, bound to the seal as associated data:
///
/// ```json
/// {"format": 1, "mirror": "<uuid>", "kdf": "argon2id13", "operations": 3, "memoryBytes": 268435456,
///  "salt": "<base64>", "nonce": "<base64>", "sealedKey": "<base64>"}
/// ```
///
/// The seal is XChaCha20-Poly1305: a changed parameter, salt or byte of the sealed key makes
/// every passphrase wrong. A file asking for more than 10 passes or 1 GiB is refused before
/// any derivation, so a tampered file cannot make a device spend minutes or gigabytes.
struct MirrorKeyFile: Codable, Sendable, Equatable {
    static let path = "keys"
    static let currentFormat = 1

    var format: Int
    var mirror: UUID
    var kdf: String
    var operations: UInt64
    var memoryBytes: UInt64
    var salt: Data
    var nonce: Data
    var sealedKey: Data

    /// libsodium's MODERATE: what a new key file is derived with.
    static let standardCost = (
        operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MODERATE),
        memoryBytes: UInt64(crypto_pwhash_argon2id_MEMLIMIT_MODERATE)
    )

    /// A new key file sealing `key` with `passphrase`.
    static func sealing(
        _ key: StoreEncryptionKey, mirror: UUID, passphrase: UnsafeRawBufferPointer,
        cost: (operations: UInt64, memoryBytes: UInt64) = standardCost
    ) throws(MirrorError) -> MirrorKeyFile {
        try loadSodium()
        var file = MirrorKeyFile(
            format: currentFormat, mirror: mirror, kdf: "argon2id13", operations: cost.operations,
            memoryBytes: cost.memoryBytes, salt: random(Int(crypto_pwhash_SALTBYTES)),
            nonce: random(Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)), sealedKey: Data())
        let wrapping = try file.derive(passphrase)
        var sealed = [UInt8](
            repeating: 0, count: StoreEncryptionKey.byteCount + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        var sealedCount: UInt64 = 0
        let associated = file.associatedData
        let status = key.withUnsafeBytes { plain in
            file.nonce.withUnsafeBytes { nonce in
                crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &sealed, &sealedCount, plain.baseAddress, UInt64(plain.count),
                    associated, UInt64(associated.count), nil,
                    nonce.baseAddress!, wrapping.pointer)
            }
        }
        guard status == 0 else { throw .encryptionFailed(reason: "the sync key could not be sealed") }
        file.sealedKey = Data(sealed.prefix(Int(sealedCount)))
        return file
    }

    /// The sync key, opened with `passphrase`.
    /// - Throws: ``MirrorError/wrongPassphrase(remote:)``, ``MirrorError/damagedKeyFile(remote:reason:)``.
    func unsealing(with passphrase: UnsafeRawBufferPointer, remote: String) throws(MirrorError) -> StoreEncryptionKey {
        guard format == Self.currentFormat, kdf == "argon2id13" else {
            throw .damagedKeyFile(remote: remote, reason: "format \(format), \(kdf) is not one this version reads")
        }
        guard operations >= 1, operations <= 10, memoryBytes >= UInt64(crypto_pwhash_argon2id_MEMLIMIT_MIN),
            memoryBytes <= 1 << 30, salt.count == Int(crypto_pwhash_SALTBYTES),
            nonce.count == Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES),
            sealedKey.count == StoreEncryptionKey.byteCount + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        else {
            throw .damagedKeyFile(remote: remote, reason: "its parameters are out of bounds")
        }
        try Self.loadSodium()
        let wrapping = try derive(passphrase)
        var plain = [UInt8](repeating: 0, count: StoreEncryptionKey.byteCount)
        defer { _ = plain.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        var plainCount: UInt64 = 0
        let associated = associatedData
        let status = sealedKey.withUnsafeBytes { sealed in
            nonce.withUnsafeBytes { nonce in
                crypto_aead_xchacha20poly1305_ietf_decrypt(
                    &plain, &plainCount, nil, sealed.baseAddress!, UInt64(sealed.count),
                    associated, UInt64(associated.count), nonce.baseAddress!,
                    wrapping.pointer)
            }
        }
        guard status == 0, plainCount == UInt64(StoreEncryptionKey.byteCount) else {
            throw .wrongPassphrase(remote: remote)
        }
        do {
            return try StoreEncryptionKey(bytes: plain)
        } catch {
            throw .encryptionFailed(reason: error.description)
        }
    }

    /// Everything but the sealed key, bound to the seal.
    private var associatedData: [UInt8] {
        Array("\(format)|\(mirror.uuidString)|\(kdf)|\(operations)|\(memoryBytes)|".utf8) + Array(salt)
    }

    private func derive(_ passphrase: UnsafeRawBufferPointer) throws(MirrorError) -> SecretBytes {
        let key = SecretBytes(count: Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES))
        let status = salt.withUnsafeBytes { salt in
            withEmptyFallback(passphrase) { text in
                crypto_pwhash(
                    key.pointer, UInt64(key.count), text, UInt64(passphrase.count), salt.baseAddress!,
                    operations, Int(memoryBytes), crypto_pwhash_ALG_ARGON2ID13)
            }
        }
        guard status == 0 else {
            throw .encryptionFailed(reason: "Argon2id could not derive the key (out of memory?)")
        }
        return key
    }

    /// Calls `body` with the passphrase's bytes as C characters (an empty one as "").
    private func withEmptyFallback(
        _ passphrase: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) -> Int32
    ) -> Int32 {
        if let base = passphrase.baseAddress { return body(base.assumingMemoryBound(to: CChar.self)) }
        return "".withCString(body)
    }

    private static func random(_ count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return Data(bytes)
    }

    private static func loadSodium() throws(MirrorError) {
        do { try Sodium.ensureLoaded() } catch { throw .encryptionFailed(reason: error.description) }
    }
}
