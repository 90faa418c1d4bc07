internal import CNettle
import Foundation

/// Incremental SHA-256 over GNU Nettle, for hashing files as they stream.
///
/// Nettle rather than OpenSSL's libcrypto: the same digest at the same speed (both use the
/// CPU's SHA instructions), without libcrypto's start-up (loading it and initialising its
/// providers on the first digest cost about 1.5 ms of every process that opens a store, which
/// hashes its model then).
///
/// Not `Sendable`: one hasher belongs to one computation.
public final class SHA256Hasher {
    private var context = sha256_ctx()

    /// Starts a new digest.
    public init() {
        nettle_sha256_init(&context)
    }

    /// Adds `bytes` to the digest.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        nettle_sha256_update(&context, bytes.count, base.assumingMemoryBound(to: UInt8.self))
    }

    /// Adds `data` to the digest.
    public func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds the UTF-8 bytes of `text` to the digest.
    public func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Finishes the digest and returns its 32 bytes. The hasher must not be updated afterwards.
    public func finalizeDigest() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&context, digest.count, &digest)
        return digest
    }

    /// Finishes the digest and returns it as 64 lower-case hex digits.
    /// The hasher must not be updated afterwards.
    public func finalizeHex() -> String {
        Self.hex(ofDigest: finalizeDigest())
    }

    /// `digest` as lower-case hex digits, two per byte.
    static func hex(ofDigest digest: [UInt8]) -> String {
        // Table lookup, not String(format:) per byte: this runs once per hashed entry in bulk imports.
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(digest.count * 2)
        for byte in digest {
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
