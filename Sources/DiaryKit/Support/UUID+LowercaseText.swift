import Foundation

extension UUID {
    /// The UUID as the diary writes it everywhere: lower-case hex in the 8-4-4-4-12 groups
    /// (`uuidString.lowercased()`, written directly: a book or an export writes one per entry).
    package var lowercaseText: String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { out[at] = UInt8(ascii: "-"); at += 1 }
                    out[at] = digits.utf8Start[Int(byte >> 4)]
                    out[at + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }
}
