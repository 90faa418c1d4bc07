internal import CMediaShim

/// JPEG through libjpeg: DCT-scaled decoding validates every block and feeds the thumbnail.
extension ImageReader {
    func readJPEG(_ file: MediaFile, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?) {
        let decoder = try JPEGDecoder(file: file, limits: limits)
        let header = try decoder.readHeader()
        let exif = ExifBlock(tiff: decoder.exif(length: header.exif_length))
        let info = ImageInfo(
            format: .jpeg, width: Int(header.width), height: Int(header.height), bitDepth: 8,
            colorModel: Self.colorModel(jpeg: header), isProgressiveOrInterlaced: header.progressive != 0,
            orientation: exif.orientation, hasICCProfile: header.has_icc != 0, metadata: exif.metadata)
        try checkPixels(info, path: file.path)
        guard depth.decodesPixels else { return (info, nil) }
        let maxSide = depth.thumbnailMaxSide

        let denominator =
            maxSide.map { Self.scaleDenominator(width: info.width, height: info.height, maxSide: $0) } ?? 8
        let output = try decoder.start(scaleDenominator: denominator)
        var averager = maxSide.map {
            AreaAverager(
                image: info, decodedWidth: output.width, decodedHeight: output.height, maxSide: $0,
                hasAlpha: false)
        }
        let stride = output.width * output.channels
        let batch = 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * batch)
        defer { buffer.deallocate() }
        let inverted = header.adobe_marker != 0
        var y = 0
        while y < output.height {
            let rows = try decoder.readRows(into: buffer, stride: stride, maxRows: batch)
            guard rows > 0 else { throw .corrupt(path: file.path, detail: "the decoder stopped at row \(y)") }
            if averager != nil {
                for index in 0..<rows {
                    let row = buffer + index * stride
                    if output.channels == 4 { Self.convertCMYKToRGBX(row, count: output.width, inverted: inverted) }
                    averager?.add(row: row, y: y + index, channels: output.channels)
                }
            }
            y += rows
        }
        return try complete(decoder, file: file, info: info, averager: averager)
    }

    private static func colorModel(jpeg header: cms_jpeg_header) -> ColorModel {
        switch header.color_space {
        case CMS_JPEG_GRAY: .gray
        case CMS_JPEG_CMYK: .cmyk
        case CMS_JPEG_YCCK: .ycck
        default: header.components == 1 ? .gray : .rgb
        }
    }

    /// The largest DCT scaling (1/8, 1/4, 1/2) that still leaves the longest side at least `maxSide`.
    static func scaleDenominator(width: Int, height: Int, maxSide: Int) -> Int {
        let longest = max(width, height)
        for denominator in [8, 4, 2] where (longest + denominator - 1) / denominator >= maxSide {
            return denominator
        }
        return 1
    }

    /// CMYK samples to RGB in place (the fourth byte is left as is and ignored). Adobe
    /// files store the inks inverted (0 = full ink).
    private static func convertCMYKToRGBX(_ row: UnsafeMutablePointer<UInt8>, count: Int, inverted: Bool) {
        var pixel = row
        for _ in 0..<count {
            var c = Int(pixel[0]), m = Int(pixel[1]), yellow = Int(pixel[2]), k = Int(pixel[3])
            if !inverted { (c, m, yellow, k) = (255 - c, 255 - m, 255 - yellow, 255 - k) }
            pixel[0] = UInt8(c * k / 255)
            pixel[1] = UInt8(m * k / 255)
            pixel[2] = UInt8(yellow * k / 255)
            pixel += 4
        }
    }
}
