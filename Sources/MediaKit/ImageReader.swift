import CMediaShim

/// How far an image read goes.
enum ImageReadDepth {
    /// Headers only.
    case header
    /// Every byte decoded (damage throws), no picture kept.
    case validate
    /// Every byte decoded and averaged down to a picture with this longest side.
    case thumbnail(maxSide: Int)
}

/// Reads JPEG and PNG files in one streaming pass: header, limits, full decode, thumbnail.
struct ImageReader {
    let limits: MediaLimits

    /// Reads `file` (whose content is JPEG or PNG) to `depth`; returns the facts and, for
    /// `.thumbnail`, the upright downscaled picture (RGBA when the image has alpha).
    func read(_ file: MediaFile, format: ImageFormat, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?) {
        switch format {
        case .jpeg: try readJPEG(file, depth: depth)
        case .png: try readPNG(file, depth: depth)
        }
    }

    private func checkPixels(_ info: ImageInfo, path: String) throws(MediaError) {
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if overflow || pixels > limits.maxPixels {
            throw .tooLarge(path: path, limit: .pixels(width: info.width, height: info.height, limit: limits.maxPixels))
        }
        if info.width == 0 || info.height == 0 {
            throw .corrupt(path: path, detail: "the header declares \(info.width) x \(info.height) pixels")
        }
    }

    private func trailingBytes(_ file: MediaFile, consumed: Int64) -> Int {
        consumed < 0 ? 0 : Int(max(0, file.byteCount - consumed))
    }

    // MARK: JPEG

    private func readJPEG(_ file: MediaFile, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?) {
        let decoder = try JPEGDecoder(file: file)
        let header = try decoder.readHeader()
        var info = ImageInfo(
            format: .jpeg, width: Int(header.width), height: Int(header.height), bitDepth: 8,
            colorModel: Self.colorModel(jpeg: header), isProgressiveOrInterlaced: header.progressive != 0,
            orientation: ExifOrientation.orientation(inTIFF: decoder.exif(length: header.exif_length)),
            hasICCProfile: header.has_icc != 0)
        try checkPixels(info, path: file.path)
        let maxSide: Int?
        switch depth {
        case .header: return (info, nil)
        case .validate: maxSide = nil
        case .thumbnail(let side): maxSide = max(1, side)
        }

        let denominator = maxSide.map { Self.scaleDenominator(width: info.width, height: info.height, maxSide: $0) } ?? 8
        let output = try decoder.start(scaleDenominator: denominator)
        var averager = maxSide.map { side -> AreaAverager in
            let target = AreaAverager.targetSize(width: info.width, height: info.height, maxSide: side)
            return AreaAverager(sourceWidth: output.width, sourceHeight: output.height,
                                width: target.width, height: target.height, hasAlpha: false)
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
        try decoder.finish()
        try decoder.throwIfWarned()
        info.trailingByteCount = trailingBytes(file, consumed: decoder.consumedBytes)
        guard let averager else { return (info, nil) }
        let picture = averager.pixels()
        return (info, Picture(width: averager.width, height: averager.height, channels: picture.channels,
                              bytes: picture.bytes).oriented(info.orientation))
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

    // MARK: PNG

    /// Adam7 pass geometry: first row, row step, first column, column step.
    private static let adam7: [(row: Int, rowStep: Int, column: Int, columnStep: Int)] = [
        (0, 8, 0, 8), (0, 8, 4, 8), (4, 8, 0, 4), (0, 4, 2, 4), (2, 4, 0, 2), (0, 2, 1, 2), (1, 2, 0, 1),
    ]

    private func readPNG(_ file: MediaFile, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?) {
        let decoder = try PNGDecoder(file: file)
        let header = try decoder.readHeader()
        var info = ImageInfo(
            format: .png, width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
            colorModel: Self.colorModel(png: header), isProgressiveOrInterlaced: header.interlaced != 0,
            orientation: ExifOrientation.orientation(inTIFF: decoder.exif(length: header.exif_length)),
            hasICCProfile: header.has_icc != 0)
        try checkPixels(info, path: file.path)
        let maxSide: Int?
        switch depth {
        case .header: return (info, nil)
        case .validate: maxSide = nil
        case .thumbnail(let side): maxSide = max(1, side)
        }

        let layout = try decoder.start(rgb8: maxSide != nil)
        var averager = maxSide.map { side -> AreaAverager in
            let target = AreaAverager.targetSize(width: info.width, height: info.height, maxSide: side)
            return AreaAverager(sourceWidth: info.width, sourceHeight: info.height,
                                width: target.width, height: target.height, hasAlpha: layout.channels == 4)
        }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, layout.rowBytes))
        defer { row.deallocate() }
        if header.interlaced != 0 {
            for pass in Self.adam7 {
                let columns = (info.width - pass.column + pass.columnStep - 1) / pass.columnStep
                let rows = (info.height - pass.row + pass.rowStep - 1) / pass.rowStep
                guard columns > 0, rows > 0 else { continue }
                for index in 0..<rows {
                    try decoder.readRow(into: row)
                    averager?.add(row: row, y: pass.row + index * pass.rowStep, channels: layout.channels,
                                  firstColumn: pass.column, columnStep: pass.columnStep, count: columns)
                }
            }
        } else {
            for y in 0..<info.height {
                try decoder.readRow(into: row)
                averager?.add(row: row, y: y, channels: layout.channels)
            }
        }
        try decoder.finish()
        try decoder.throwIfWarned()
        info.trailingByteCount = trailingBytes(file, consumed: decoder.consumedBytes)
        guard let averager else { return (info, nil) }
        let picture = averager.pixels()
        return (info, Picture(width: averager.width, height: averager.height, channels: picture.channels,
                              bytes: picture.bytes).oriented(info.orientation))
    }

    private static func colorModel(png header: cms_png_header) -> ColorModel {
        switch header.color_type {
        case 0: .gray
        case 2: .rgb
        case 3: .palette
        case 4: .grayAlpha
        default: .rgba
        }
    }
}
