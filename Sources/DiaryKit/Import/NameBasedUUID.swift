import Foundation
import ObjectGraph

/// Name-based UUIDs (RFC 9562 version 8, from SHA-256): the same name always gives the
/// same UUID, so an entry imported again from the same export is recognised as present.
enum NameBasedUUID {
    /// The UUID of `parts`, joined with a separator no part contains in practice (U+001F).
    static func make(_ parts: [String]) -> UUID {
        // Hashed part by part: the same bytes as the joined text, without building it.
        let hasher = SHA256Hasher()
        for (index, part) in parts.enumerated() {
            if index > 0 { hasher.update("\u{1F}") }
            hasher.update(part)
        }
        let digest = hasher.finalizeDigest()
        let version = (digest[6] & 0x0F) | 0x80  // version 8
        let variant = (digest[8] & 0x3F) | 0x80  // RFC variant
        return UUID(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], version, digest[7],
                variant, digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
    }
}
