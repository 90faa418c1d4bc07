internal import CDeferredLibraries
internal import CWebP
import Foundation

/// WebP through libwebp: the header from `WebPGetFeatures`, ICC and EXIF from the demuxer, then
/// one decode that libwebp scales while decoding (every macroblock or pixel is still decoded,
/// so damage throws) straight to the thumbnail's size.
///
/// libwebp's demuxer and decoder read from contiguous memory (its incremental decoder does
/// not reach the EXIF chunk that follows the image data), so the file is read whole; it is
/// bounded by `MediaLimits.maxFileSize`, and the decoded pixels are only the thumbnail's.
extension ImageReader {
    /// Longest side libwebp scales to when only validating (the smallest work that still
    /// decodes every row).
    private static let validationSide = 16

    func readWebP(_ file: MediaFile, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?) {
        if let reason = cdl_webp_load_error() {
            throw .unsupported(path: file.path, detail: String(cString: reason))
        }
        let bytes = try file.contents()
        return try bytes.withUnsafeBufferPointer { (data) throws(MediaError) -> (ImageInfo, Picture?) in
            guard let base = data.baseAddress else { throw .truncated(path: file.path, detail: "the file is empty") }
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeatures(base, data.count, &features)
            guard status == VP8_STATUS_OK else { throw Self.webPFailure(status, path: file.path, stage: "header") }
            if features.has_animation != 0 {
                throw .unsupported(path: file.path, detail: "an animated WebP; only still pictures are kept")
            }
            let metadata = Self.webPMetadata(base, count: data.count)
            let exif = ExifBlock(tiff: metadata.exif)
            var info = ImageInfo(
                format: .webp, width: Int(features.width), height: Int(features.height), bitDepth: 8,
                colorModel: features.has_alpha != 0 ? .rgba : .rgb, isProgressiveOrInterlaced: false,
                orientation: exif.orientation, hasICCProfile: metadata.hasICC, metadata: exif.metadata)
            try checkPixels(info, path: file.path)
            guard depth.decodesPixels else { return (info, nil) }

            let side = depth.thumbnailMaxSide ?? Self.validationSide
            let target = AreaAverager.targetSize(width: info.width, height: info.height, maxSide: side)
            let picture = try Self.decodeWebP(
                base, count: data.count, target: target, alpha: features.has_alpha != 0,
                path: file.path)
            // The RIFF chunk says how long the file is (its size field counts from "WEBP", padded to even).
            let riffSize = Int64(data[4]) | Int64(data[5]) << 8 | Int64(data[6]) << 16 | Int64(data[7]) << 24
            info.trailingByteCount = Int(max(0, file.byteCount - (riffSize + 8 + (riffSize & 1))))
            return (info, depth.thumbnailMaxSide == nil ? nil : picture.oriented(info.orientation))
        }
    }

    /// Whether an ICC profile is present, and the EXIF chunk's TIFF block (empty when absent).
    private static func webPMetadata(_ base: UnsafePointer<UInt8>, count: Int) -> (hasICC: Bool, exif: [UInt8]) {
        var data = WebPData(bytes: base, size: count)
        guard let demuxer = WebPDemux(&data) else { return (false, []) }
        defer { WebPDemuxDelete(demuxer) }
        let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
        var exif: [UInt8] = []
        var chunk = WebPChunkIterator()
        if WebPDemuxGetChunk(demuxer, "EXIF", 1, &chunk) != 0, let bytes = chunk.chunk.bytes {
            exif = Array(UnsafeBufferPointer(start: bytes, count: chunk.chunk.size))
            // Some writers keep JPEG's "Exif\0\0" before the TIFF header.
            if exif.starts(with: Array("Exif\0\0".utf8)) { exif.removeFirst(6) }
        }
        WebPDemuxReleaseChunkIterator(&chunk)
        return (flags & UInt32(ICCP_FLAG.rawValue) != 0, exif)
    }

    /// Decodes every byte of the picture, scaled by libwebp to `target`, as RGB or RGBA.
    private static func decodeWebP(
        _ base: UnsafePointer<UInt8>, count: Int, target: (width: Int, height: Int),
        alpha: Bool, path: String
    ) throws(MediaError) -> Picture {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .unsupported(path: path, detail: "this libwebp does not match the headers PhotoDiary was built with")
        }
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(target.width)
        config.options.scaled_height = Int32(target.height)
        config.output.colorspace = alpha ? MODE_RGBA : MODE_RGB
        let status = WebPDecode(base, count, &config)
        defer { WebPFreeDecBuffer(&config.output) }
        guard status == VP8_STATUS_OK else { throw webPFailure(status, path: path, stage: "picture") }
        let channels = alpha ? 4 : 3
        let width = Int(config.output.width), height = Int(config.output.height)
        let stride = Int(config.output.u.RGBA.stride)
        guard let pixels = config.output.u.RGBA.rgba, width == target.width, height == target.height else {
            throw .corrupt(path: path, detail: "libwebp returned no picture")
        }
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<(width * channels) { bytes[y * width * channels + x] = pixels[y * stride + x] }
        }
        return Picture(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// The error for a libwebp status.
    private static func webPFailure(_ status: VP8StatusCode, path: String, stage: String) -> MediaError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: .truncated(path: path, detail: "the WebP \(stage) ends early")
        case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported(path: path, detail: "a WebP feature libwebp does not decode")
        case VP8_STATUS_OUT_OF_MEMORY: .corrupt(path: path, detail: "libwebp ran out of memory")
        default: .corrupt(path: path, detail: "the WebP \(stage) is damaged (libwebp status \(status.rawValue))")
        }
    }
}
