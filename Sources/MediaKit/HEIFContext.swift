internal import CDeferredLibraries
internal import CHeif
internal import CMediaShim
import Foundation

/// A libheif context reading one open file through CMediaShim's reader callbacks (libheif
/// seeks to the boxes and the coded data it needs; the file is never read whole). libheif
/// reports every failure as a `heif_error` value and never prints; this type turns them
/// into `MediaError`s. Used by one call on one thread.
final class HEIFContext {
    private let context: OpaquePointer
    private let path: String
    /// The reader's userdata: must stay at one address while libheif reads.
    private let source: UnsafeMutablePointer<cms_heif_file>

    /// Reads the boxes of `file` (no coded picture data yet). libheif's own size limit is
    /// raised so that MediaKit's limits, with the declared size, decide.
    init(file: MediaFile) throws(MediaError) {
        path = file.path
        if let reason = cdl_heif_load_error() {
            throw .unsupported(path: file.path, detail: String(cString: reason))
        }
        guard let context = heif_context_alloc() else {
            throw .corrupt(path: file.path, detail: "libheif could not make a context")
        }
        self.context = context
        source = .allocate(capacity: 1)
        source.initialize(to: cms_heif_file(fp: file.handle, size: file.byteCount, saw_end_of_file: 0))
        rewind(file.handle)
        heif_context_set_maximum_image_size_limit(context, 1 << 20)
        // Grid images (what phones write: 512 x 512 tiles) decode their tiles on every core.
        heif_context_set_max_decoding_threads(context, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
        let reader = cms_heif_file_reader().assumingMemoryBound(to: heif_reader.self)
        try check(heif_context_read_from_reader(context, reader, source, nil), stage: "boxes")
        // libheif looks for a box after the last one; only later reads past the end are truncation.
        source.pointee.saw_end_of_file = 0
    }

    deinit {
        heif_context_free(context)
        source.deallocate()
    }

    /// Lowers libheif's own per-side limit before decoding, so that what it allocates for a
    /// picture (a grid's declared output, each coded tile) stays within MediaKit's pixel limit.
    ///
    /// The limit cannot be the image's side: libheif (1.15.1-1+deb12u2, Debian's security
    /// update) checks the *coded* size, which the codec pads to its block (HEVC to 64-pixel
    /// CTBs, AV1 to 128-pixel superblocks: a 205 x 102 HEIC is coded 208 x 104), and a grid's
    /// tiles reach past its output by up to a tile, whose size libheif 1.15 does not report.
    /// So each side may be as long as the image's, padded to the largest block, or as the side
    /// of a square of `maxPixels`, whichever is longer: no plane libheif allocates then exceeds
    /// what a photo within the limits may hold.
    func limitSides(to side: Int, maxPixels: Int) {
        let block = 128
        let padded = (side + block - 1) / block * block
        let square = Int(Double(max(0, maxPixels)).squareRoot())
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: max(padded, square) + 1))
    }

    /// The primary image's handle.
    func primaryImage() throws(MediaError) -> HEIFImageHandle {
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle), stage: "primary image")
        guard let handle else { throw .corrupt(path: path, detail: "the file names no primary image") }
        return HEIFImageHandle(handle: handle, owner: self)
    }

    /// Throws the `MediaError` for a failed libheif call.
    func check(_ error: heif_error, stage: String) throws(MediaError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif failed"
        let detail = "\(stage): \(message)"
        // libheif says "end of data" also when a codec's bitstream stops early; truncation is
        // when it wanted bytes past the end of the file from inside it (HEIFFileReader.c), not
        // its look for one more box at the end of a complete file.
        if source.pointee.saw_end_of_file != 0 {
            throw .truncated(path: path, detail: detail)
        }
        switch error.code {
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            throw .unsupported(
                path: path, detail: "not a supported format: a HEIF image this libheif cannot read (\(detail))")
        case heif_error_Invalid_input
        where stage == "boxes"
            && (error.subcode == heif_suberror_Nonexisting_item_referenced
                || error.subcode == heif_suberror_No_ftyp_box):
            // The primary image is an item of a kind libheif 1.15 does not know (uncompressed,
            // JPEG 2000...): it skips the item, then finds the reference to it dangling. Or the
            // file is laid out in a form newer than it (`mif3`'s compact box after the ftyp the
            // sniffer saw), which it reports as no ftyp at all.
            throw .unsupported(
                path: path,
                detail: "not a supported format: a HEIF image of a kind this libheif cannot decode (\(detail))")
        default: throw .corrupt(path: path, detail: detail)
        }
    }
}

/// One image of a HEIF file, before decoding: its size, depth, alpha, colour profile and EXIF.
final class HEIFImageHandle {
    let handle: OpaquePointer
    /// Keeps the context (and its file) alive as long as the handle.
    let owner: HEIFContext

    init(handle: OpaquePointer, owner: HEIFContext) {
        self.handle = handle
        self.owner = owner
    }

    deinit { heif_image_handle_release(handle) }

    /// The size as coded (the `ispe` box, before the container's transforms).
    var storedSize: (width: Int, height: Int) {
        (Int(heif_image_handle_get_ispe_width(handle)), Int(heif_image_handle_get_ispe_height(handle)))
    }

    /// The size after the container's transforms (rotation, mirroring, cropping).
    var transformedSize: (width: Int, height: Int) {
        (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
    }

    var hasAlpha: Bool { heif_image_handle_has_alpha_channel(handle) != 0 }

    /// The luma bit depth (8 when libheif does not know).
    var bitDepth: Int {
        let bits = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
        return bits > 0 ? bits : 8
    }

    /// Whether an ICC profile (not only an nclx colour description) is attached.
    var hasICCProfile: Bool {
        let type = heif_image_handle_get_color_profile_type(handle)
        return type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC
    }

    /// The TIFF block of the first Exif item (after its 4-byte header offset), empty when none.
    func exifTIFF() -> [UInt8] {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return [] }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size >= 4, size <= 1 << 24 else { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        let error = bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        guard error.code == heif_error_Ok else { return [] }
        let offset = 4 + (Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]))
        return offset < size ? Array(bytes[offset...]) : []
    }
}
