import CCrypto
import Foundation

/// Incremental SHA-256 over OpenSSL's libcrypto, for hashing files as they stream.
///
/// Not `Sendable`: one hasher belongs to one computation.
public final class SHA256Hasher {
    private let context: OpaquePointer?

    /// Starts a new digest.
    public init() {
        context = EVP_MD_CTX_new()
        if let context {
            EVP_DigestInit_ex(context, EVP_sha256(), nil)
        }
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds `bytes` to the digest.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Adds `data` to the digest.
    public func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Finishes the digest and returns it as 64 lower-case hex digits.
    /// The hasher must not be updated afterwards.
    public func finalizeHex() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        if let context {
            EVP_DigestFinal_ex(context, &digest, &length)
        }
        // Table lookup, not String(format:) per byte: this runs once per hashed entry in bulk imports.
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The SHA-256 of `data`, as 64 lower-case hex digits.
    public static func hex(of data: Data) -> String {
        let hasher = SHA256Hasher()
        hasher.update(data)
        return hasher.finalizeHex()
    }
}
