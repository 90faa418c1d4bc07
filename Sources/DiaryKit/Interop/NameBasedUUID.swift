import Foundation
import ObjectGraph

/// Name-based UUIDs (RFC 9562 version 8, from SHA-256): the same name always gives the
/// same UUID, so an entry imported again from the same export is recognised as present.
enum NameBasedUUID {
    /// The UUID of `parts`, joined with a separator no part contains in practice (U+001F).
    static func make(_ parts: [String]) -> UUID {
        let hex = SHA256Hasher.hex(of: Data(parts.joined(separator: "\u{1F}").utf8))
        var bytes = [UInt8](repeating: 0, count: 16)
        var index = hex.utf8.startIndex
        for position in 0..<16 {
            let high = hexValue(hex.utf8[index])
            index = hex.utf8.index(after: index)
            let low = hexValue(hex.utf8[index])
            index = hex.utf8.index(after: index)
            bytes[position] = high << 4 | low
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "a") + 10
    }
}
