import Foundation

@testable import MediaKit

/// Decoded pixels of an encoded thumbnail (read back through MediaKit's own reader at full size).
func decodedPicture(_ data: Data) throws -> Picture {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("mediakit-test-\(UUID().uuidString)")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try pictureOf(url, maxSide: Int.max)
}

/// The upright, averaged picture of an image file with the given longest side.
func pictureOf(_ url: URL, maxSide: Int) throws -> Picture {
    let file = try MediaFile(url: url, limits: MediaLimits())
    let format: ImageFormat = try file.prefix(1) == [0xFF] ? .jpeg : .png
    let (_, picture) = try ImageReader(limits: MediaLimits()).read(
        file, format: format, depth: .thumbnail(maxSide: maxSide))
    guard let picture else { throw MediaError.corrupt(path: url.path, detail: "no picture") }
    return picture
}

/// Mean absolute difference per sample (0...255) of two pictures of the same size and channels.
func meanDifference(_ a: Picture, _ b: Picture) -> Double {
    guard a.width == b.width, a.height == b.height, a.channels == b.channels else { return .infinity }
    let total = zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return Double(total) / Double(a.bytes.count)
}

extension Picture {
    /// The samples of pixel (x, y).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * width + x) * channels
        return Array(bytes[start..<start + channels])
    }
}
