internal import CJPEG
internal import CMediaShim

/// A libjpeg decoder over an open file. Every library call goes through CMediaShim, so a
/// damaged file becomes a `MediaError`. Used by one call on one thread.
final class JPEGDecoder: FinishingImageDecoder {
    private let decoder: OpaquePointer
    private let path: String

    private let limits: MediaLimits

    init(file: MediaFile, limits: MediaLimits = MediaLimits()) throws(MediaError) {
        guard let decoder = cms_jpeg_decoder_create_file(file.handle) else {
            throw .corrupt(path: file.path, detail: "out of memory creating a JPEG decoder")
        }
        cms_jpeg_set_decode_budget(decoder, Int32(clamping: limits.maxDecodePasses))
        self.decoder = decoder
        self.limits = limits
        path = file.path
    }

    /// A decoder over JPEG bytes in memory, which must stay valid while it is used (a stored
    /// thumbnail); `label` names them in errors.
    init(bytes: UnsafeRawBufferPointer, label: String, limits: MediaLimits = MediaLimits()) throws(MediaError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw .truncated(path: label, detail: "no bytes")
        }
        guard let decoder = cms_jpeg_decoder_create_memory(base, bytes.count) else {
            throw .corrupt(path: label, detail: "out of memory creating a JPEG decoder")
        }
        cms_jpeg_set_decode_budget(decoder, Int32(clamping: limits.maxDecodePasses))
        self.decoder = decoder
        self.limits = limits
        path = label
    }

    deinit { cms_jpeg_decoder_destroy(decoder) }

    /// The header up to the first scan, including the saved Exif and ICC markers.
    func readHeader() throws(MediaError) -> cms_jpeg_header {
        var header = cms_jpeg_header()
        try check(shimFailure { cms_jpeg_read_header(decoder, &header, $0, $1) })
        return header
    }

    /// The Exif TIFF block (after "Exif\0\0"), empty when the file has none.
    func exif(length: Int) -> [UInt8] {
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        let copied = bytes.withUnsafeMutableBufferPointer { cms_jpeg_copy_exif(decoder, $0.baseAddress, length) }
        return Array(bytes.prefix(copied))
    }

    /// Before `start`: keeps libjpeg's full coefficient arrays for a progressive file at 1/8
    /// instead of the compact DC store (the same pixels, more memory; for comparisons).
    func keepFullCoefficients() { cms_jpeg_keep_full_coefficients(decoder) }

    /// Starts decoding at 1/`scaleDenominator`; RGB (3 channels) or CMYK (4).
    func start(scaleDenominator: Int) throws(MediaError) -> (width: Int, height: Int, channels: Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        var channels: Int32 = 0
        try check(
            shimFailure {
                cms_jpeg_start(decoder, UInt32(scaleDenominator), &width, &height, &channels, $0, $1)
            })
        return (Int(width), Int(height), Int(channels))
    }

    /// Decodes up to `maxRows` (at most 16) rows into `buffer`; returns how many.
    func readRows(into buffer: UnsafeMutablePointer<UInt8>, stride: Int, maxRows: Int) throws(MediaError) -> Int {
        var rows: UInt32 = 0
        try check(
            shimFailure {
                cms_jpeg_read_rows(decoder, buffer, stride, UInt32(maxRows), &rows, $0, $1)
            })
        return Int(rows)
    }

    /// Reads through the end-of-image marker.
    func finish() throws(MediaError) {
        try check(shimFailure { cms_jpeg_finish(decoder, $0, $1) })
    }

    /// Throws when libjpeg warned: its warnings (premature end, corrupt data) are damage.
    func throwIfWarned() throws(MediaError) {
        let warning = shimWarning { cms_jpeg_warning_count(decoder, $0, $1) }
        if warning.count > 0 { throw failure(warning.first) }
    }

    /// Input bytes consumed so far (through EOI after `finish`).
    var consumedBytes: Int64 { cms_jpeg_consumed_bytes(decoder) }

    private func check(_ failureMessage: String?) throws(MediaError) {
        if let failureMessage { throw failure(failureMessage) }
    }

    private func failure(_ detail: String) -> MediaError {
        if cms_jpeg_over_budget(decoder) != 0 {
            return .tooLarge(path: path, limit: .decodePasses(limit: limits.maxDecodePasses))
        }
        return cms_jpeg_saw_end_of_data(decoder) != 0
            ? .truncated(path: path, detail: detail) : .corrupt(path: path, detail: detail)
    }
}
