/// Reads the Orientation tag (0x0112) from a TIFF-structured Exif block.
enum ExifOrientation {
    /// The orientation 1...8 in IFD0 of `tiff` (the bytes after "Exif\0\0"), 1 when absent or invalid.
    static func orientation(inTIFF tiff: [UInt8]) -> Int {
        guard tiff.count >= 8 else { return 1 }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return 1
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= tiff.count else { return nil }
            let a = Int(tiff[offset]), b = Int(tiff[offset + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ offset: Int) -> Int? {
            guard let low = u16(littleEndian ? offset : offset + 2),
                  let high = u16(littleEndian ? offset + 2 : offset) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return 1 }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return 1 }
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return 1 }
                return (1...8).contains(value) ? value : 1
            }
        }
        return 1
    }
}
