import Foundation

extension UUID {
    /// The UUID written as SQLite stores one, `8-4-4-4-12` hexadecimal digits in either case
    /// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`); nil for any other text, which the caller then
    /// gives to `UUID(uuidString:)`. Read from the row's bytes in place: Foundation's parse
    /// (`sscanf` over a C copy of a String) took about 8,000 instructions a value, a sixth of
    /// the cost of reading a fetched row.
    init?(storedText bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &raw) { output -> Bool in
            var index = 0
            var count = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = Self.hexValue(bytes[index]), let low = Self.hexValue(bytes[index + 1]) else {
                    return false
                }
                output[count] = high << 4 | low
                count += 1
                index += 2
            }
            return true
        }
        guard parsed else { return nil }
        self.init(uuid: raw)
    }

    /// `text` as a UUID: read as ``init(storedText:)`` reads stored bytes, else by Foundation
    /// (`UUID(uuidString:)`); nil when neither takes it.
    init?(storedString text: String) {
        var text = text
        if let uuid = text.withUTF8({ UUID(storedText: $0) }) {
            self = uuid
        } else if let uuid = UUID(uuidString: text) {
            self = uuid
        } else {
            return nil
        }
    }

    /// The value of one hexadecimal digit, either case; nil for any other byte.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
