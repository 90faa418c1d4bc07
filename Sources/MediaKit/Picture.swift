internal import CMediaShim
import Foundation

/// A small 8-bit picture in memory (a thumbnail before encoding).
struct Picture {
    var width: Int
    var height: Int
    var channels: Int
    var bytes: [UInt8]

    /// The picture turned upright for EXIF `orientation` (1...8): the stored pixels are
    /// mirrored and rotated the way a viewer displays them.
    func oriented(_ orientation: Int) -> Picture {
        guard (2...8).contains(orientation) else { return self }
        let swapsAxes = orientation >= 5
        let outWidth = swapsAxes ? height : width
        let outHeight = swapsAxes ? width : height
        var out = [UInt8](repeating: 0, count: bytes.count)
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                let (x, y): (Int, Int)
                switch orientation {
                case 2: (x, y) = (width - 1 - ox, oy)
                case 3: (x, y) = (width - 1 - ox, height - 1 - oy)
                case 4: (x, y) = (ox, height - 1 - oy)
                case 5: (x, y) = (oy, ox)
                case 6: (x, y) = (oy, height - 1 - ox)
                case 7: (x, y) = (width - 1 - oy, height - 1 - ox)
                default: (x, y) = (width - 1 - oy, ox)
                }
                let source = (y * width + x) * channels
                let target = (oy * outWidth + ox) * channels
                for c in 0..<channels { out[target + c] = bytes[source + c] }
            }
        }
        return Picture(width: outWidth, height: outHeight, channels: channels, bytes: out)
    }
}

extension Picture {
    /// The picture without alpha: RGBA composited on white, RGB unchanged.
    func flattenedOnWhite() -> Picture {
        guard channels == 4 else { return self }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0..<(width * height) {
            let alpha = Int(bytes[index * 4 + 3])
            for c in 0..<3 {
                out[index * 3 + c] = UInt8((Int(bytes[index * 4 + c]) * alpha + 255 * (255 - alpha) + 127) / 255)
            }
        }
        return Picture(width: width, height: height, channels: 3, bytes: out)
    }

    /// The picture encoded as JPEG or PNG.
    func encoded(as format: ThumbnailFormat) throws(MediaError) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let failure: String?
        switch format {
        case .jpeg(let quality):
            let flat = flattenedOnWhite()
            failure = flat.bytes.withUnsafeBufferPointer { pixels in
                shimFailure {
                    cms_jpeg_encode_rgb(
                        pixels.baseAddress, UInt32(width), UInt32(height),
                        Int32(max(1, min(100, quality))), &output, &length, $0, $1)
                }
            }
        case .png:
            failure = bytes.withUnsafeBufferPointer { pixels in
                shimFailure {
                    cms_png_encode(
                        pixels.baseAddress, UInt32(width), UInt32(height), Int32(channels),
                        &output, &length, $0, $1)
                }
            }
        }
        defer { cms_free(output) }
        if let failure { throw .encodingFailed(detail: failure) }
        guard let output else { throw .encodingFailed(detail: "the encoder returned nothing") }
        return Data(bytes: output, count: length)
    }
}
