internal import CMediaShim
import Foundation

/// A libpng decoder over an open file. Every library call goes through CMediaShim, so a
/// damaged file becomes a `MediaError`. Used by one call on one thread.
final class PNGDecoder: FinishingImageDecoder {
    private let decoder: OpaquePointer
    private let path: String
    private var warningsBeforeImageData = 0

    init(file: MediaFile) throws(MediaError) {
        guard let decoder = cms_png_decoder_create_file(file.handle) else {
            throw .corrupt(path: file.path, detail: "out of memory creating a PNG decoder")
        }
        self.decoder = decoder
        path = file.path
    }

    deinit { cms_png_decoder_destroy(decoder) }

    /// The signature and every chunk before the image data.
    func readHeader() throws(MediaError) -> cms_png_header {
        var header = cms_png_header()
        try check(shimFailure { cms_png_read_header(decoder, &header, $0, $1) })
        return header
    }

    /// The eXIf chunk's TIFF block, empty when there is none before the image data.
    func exif(length: Int) -> [UInt8] {
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        let copied = bytes.withUnsafeMutableBufferPointer { cms_png_copy_exif(decoder, $0.baseAddress, length) }
        return Array(bytes.prefix(copied))
    }

    /// The TIFF block of a "Raw profile type exif" text chunk (what ImageMagick writes in place
    /// of eXIf): `"\nexif\n  <length>\n"` and the block in hex digits, with or without the
    /// `Exif\0\0` header a JPEG has; empty when there is none or it does not add up.
    func rawProfileExif() -> [UInt8] {
        var text: UnsafePointer<CChar>?
        var length = 0
        guard cms_png_raw_exif_profile(decoder, &text, &length) != 0, let text else { return [] }
        let bytes = UnsafeRawBufferPointer(start: text, count: length)
        return Self.rawProfileBytes(bytes)
    }

    /// Decodes a raw profile's text: its name line, its length line, then hex digits over any
    /// number of lines.
    static func rawProfileBytes(_ text: UnsafeRawBufferPointer) -> [UInt8] {
        var lines = text.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: true)[...]
        guard lines.count == 3, let lengthLine = lines.dropFirst().first,
            let declared = Int(String(decoding: lengthLine, as: UTF8.self).trimmingCharacters(in: .whitespaces)),
            declared > 0, declared <= 1 << 20
        else { return [] }
        lines = lines.dropFirst(2)
        var result: [UInt8] = []
        result.reserveCapacity(declared)
        var high: UInt8?
        guard let digits = lines.first else { return [] }
        for byte in digits {
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            case 0x0A, 0x0D, 0x20, 0x09: continue
            default: return []
            }
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
                if result.count == declared { break }
            } else {
                high = nibble
            }
        }
        guard result.count == declared else { return [] }
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        return result.starts(with: header) ? Array(result.dropFirst(6)) : result
    }

    /// Prepares row reading, as 8-bit RGB/RGBA when `rgb8`; returns channels and row length.
    func start(rgb8: Bool) throws(MediaError) -> (channels: Int, rowBytes: Int) {
        var channels: Int32 = 0
        var rowBytes = 0
        try check(shimFailure { cms_png_start(decoder, rgb8 ? 1 : 0, &channels, &rowBytes, $0, $1) })
        // Warnings about ancillary header chunks (a dubious ICC profile) are not damage to
        // the picture; only those from here on count.
        warningsBeforeImageData = shimWarning { cms_png_warning_count(decoder, $0, $1) }.count
        return (Int(channels), rowBytes)
    }

    /// Decodes the next row (of the current pass, for interlaced images).
    func readRow(into row: UnsafeMutablePointer<UInt8>) throws(MediaError) {
        try check(shimFailure { cms_png_read_row(decoder, row, $0, $1) })
    }

    /// Reads the chunks after the image data through IEND, checking their CRCs.
    func finish() throws(MediaError) {
        try check(shimFailure { cms_png_finish(decoder, $0, $1) })
    }

    /// Throws when libpng warned while reading the image data (extra or missing data).
    func throwIfWarned() throws(MediaError) {
        let warning = shimWarning { cms_png_warning_count(decoder, $0, $1) }
        if warning.count > warningsBeforeImageData { throw failure(warning.first) }
    }

    /// Input bytes consumed so far (through IEND after `finish`).
    var consumedBytes: Int64 { cms_png_consumed_bytes(decoder) }

    private func check(_ failureMessage: String?) throws(MediaError) {
        if let failureMessage { throw failure(failureMessage) }
    }

    private func failure(_ detail: String) -> MediaError {
        cms_png_saw_end_of_data(decoder) != 0
            ? .truncated(path: path, detail: detail) : .corrupt(path: path, detail: detail)
    }
}
