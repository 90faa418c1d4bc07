internal import CMediaShim

/// How far an image read goes.
enum ImageReadDepth {
    /// Headers only.
    case header
    /// Every byte decoded (damage throws), no picture kept.
    case validate
    /// Every byte decoded and averaged down to a picture with this longest side.
    case thumbnail(maxSide: Int)

    /// Whether pixels are decoded at all.
    var decodesPixels: Bool {
        if case .header = self { false } else { true }
    }

    /// The largest thumbnail side: the averager holds 16 bytes per thumbnail pixel.
    static let largestThumbnailSide = 2048

    /// The thumbnail's longest side (1...`largestThumbnailSide`), nil when no picture is kept.
    var thumbnailMaxSide: Int? {
        if case .thumbnail(let side) = self { min(max(1, side), Self.largestThumbnailSide) } else { nil }
    }
}

/// Reads JPEG, PNG, HEIF (HEIC, AVIF) and WebP files in one pass: header, limits, full decode, thumbnail.
struct ImageReader {
    let limits: MediaLimits

    /// Reads `file` (whose content is in `format`) to `depth`; returns the facts and, for
    /// `.thumbnail`, the upright downscaled picture (RGBA when the image has alpha).
    func read(_ file: MediaFile, format: ImageFormat, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?)
    {
        switch format {
        case .jpeg: try readJPEG(file, depth: depth)
        case .png: try readPNG(file, depth: depth)
        case .heic, .heif, .avif: try readHEIF(file, format: format, depth: depth)
        case .webp: try readWebP(file, depth: depth)
        }
    }

    func checkPixels(_ info: ImageInfo, path: String) throws(MediaError) {
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if overflow || pixels > limits.maxPixels {
            throw .tooLarge(path: path, limit: .pixels(width: info.width, height: info.height, limit: limits.maxPixels))
        }
        if info.width == 0 || info.height == 0 {
            throw .corrupt(path: path, detail: "the header declares \(info.width) x \(info.height) pixels")
        }
    }

    /// Ends a full decode: reads to the end marker, treats decoder warnings as damage,
    /// counts the bytes after the end, and turns the averaged picture upright.
    func complete(
        _ decoder: some FinishingImageDecoder, file: MediaFile, info: ImageInfo,
        averager: AreaAverager?
    ) throws(MediaError) -> (ImageInfo, Picture?) {
        try decoder.finish()
        try decoder.throwIfWarned()
        var info = info
        let consumed = decoder.consumedBytes
        info.trailingByteCount = consumed < 0 ? 0 : Int(max(0, file.byteCount - consumed))
        return (info, averager?.picture().oriented(info.orientation))
    }
}

/// The end of a JPEG or PNG decode, as `ImageReader.complete` needs it.
protocol FinishingImageDecoder {
    /// Reads through the end marker (EOI, IEND).
    func finish() throws(MediaError)
    /// Throws when the library warned about the data.
    func throwIfWarned() throws(MediaError)
    /// Input bytes consumed so far.
    var consumedBytes: Int64 { get }
}
