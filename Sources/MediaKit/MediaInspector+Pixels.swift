import Foundation

extension MediaInspector {
    /// The pixels of a small JPEG held in memory (a thumbnail the diary stored), decoded whole.
    /// - Parameter label: names the bytes in errors (e.g. `thumbnail of IMG_0042.jpg`).
    /// - Throws: ``MediaError`` when the bytes are not a JPEG libjpeg decodes without warnings,
    ///   or when it is larger than the limits allow.
    public func pixels(ofJPEG data: Data, label: String) throws(MediaError) -> PixelImage {
        let decode = { (bytes: UnsafeRawBufferPointer) throws(MediaError) -> Picture in
            let decoder = try JPEGDecoder(bytes: bytes, label: label, limits: limits)
            _ = try decoder.readHeader()
            let (width, height, channels) = try decoder.start(scaleDenominator: 1)
            guard channels == 3, width > 0, height > 0 else {
                throw MediaError.unsupported(path: label, detail: "a CMYK or empty JPEG, not a thumbnail")
            }
            guard width.multipliedReportingOverflow(by: height).partialValue <= limits.maxPixels else {
                throw MediaError.tooLarge(
                    path: label, limit: .pixels(width: width, height: height, limit: limits.maxPixels))
            }
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            var row = 0
            try rgb.withUnsafeMutableBufferPointer { (buffer) throws(MediaError) in
                guard let base = buffer.baseAddress else { return }
                while row < height {
                    let read = try decoder.readRows(
                        into: base + row * width * 3, stride: width * 3,
                        maxRows: min(16, height - row))
                    guard read > 0 else { throw MediaError.truncated(path: label, detail: "rows missing") }
                    row += read
                }
            }
            try decoder.finish()
            try decoder.throwIfWarned()
            return Picture(width: width, height: height, channels: 3, bytes: rgb)
        }
        // `Data.withUnsafeBytes` rethrows untyped: the only error it can carry is decode's.
        do {
            return PixelImage(try data.withUnsafeBytes(decode))
        } catch let error as MediaError {
            throw error
        } catch {
            throw .corrupt(path: label, detail: String(describing: error))
        }
    }

    /// The pixels of the image at `url`, longest side `maxSide` (never enlarged; at most 2048),
    /// orientation applied and transparency on white: one full decode, as ``thumbnail(fileAt:maxSide:format:)``.
    public func pixels(ofImageAt url: URL, maxSide: Int) throws -> PixelImage {
        PixelImage(try readImage(url, maxSide: maxSide).1)
    }

    /// A `width` x `height` picture of waveform `peaks` (min/max pairs): a bar per column on white.
    public func waveformPixels(peaks: [Float], width: Int, height: Int) -> PixelImage {
        PixelImage(WaveformPicture.render(peaks: peaks, width: width, height: height))
    }
}
