internal import CHeif
internal import CMediaShim

/// HEIC, HEIF and AVIF through libheif: the boxes first (size, depth, alpha, ICC, EXIF), the
/// limits, then one decode of the primary image that both validates it and feeds the
/// thumbnail (libheif decodes grid tiles on every core).
///
/// Orientation. HEIF carries its own transforms (irot, imir, clap), which libheif 1.15
/// applies but does not report, and phones also write an EXIF orientation that agrees with
/// them. So an EXIF orientation 2...8 is used, like a JPEG's (the picture decoded as coded and
/// described as stored), unless it contradicts the container: a container rotation by 90°
/// (its sides swapped) with an EXIF orientation 2...4. Without a usable EXIF orientation the
/// container decides: libheif applies its transforms and the image is described as
/// transformed, orientation 1. Either way size, orientation and thumbnail agree.
extension ImageReader {
    func readHEIF(
        _ file: MediaFile, format: ImageFormat, depth: ImageReadDepth
    ) throws(MediaError) -> (ImageInfo, Picture?) {
        let context = try HEIFContext(file: file)
        if format == .avif && heif_have_decoder_for_format(heif_compression_AV1) == 0 {
            throw .unsupported(path: file.path, detail: "an AVIF, and libheif has no AV1 decoder here")
        }
        let image = try context.primaryImage()
        let stored = image.storedSize, transformed = image.transformedSize
        let exif = ExifBlock(tiff: image.exifTIFF())
        let exifOrientation = exif.orientation
        let swapsSides = stored.width != stored.height && transformed == (stored.height, stored.width)
        let useExif = exifOrientation != 1 && (exifOrientation >= 5 || !swapsSides)
        let size = useExif ? stored : transformed
        var info = ImageInfo(
            format: format, width: size.width, height: size.height, bitDepth: image.bitDepth,
            colorModel: image.hasAlpha ? .rgba : .rgb, isProgressiveOrInterlaced: false,
            orientation: useExif ? exifOrientation : 1, hasICCProfile: image.hasICCProfile,
            metadata: exif.metadata)
        try checkPixels(info, path: file.path)
        guard depth.decodesPixels else { return (info, nil) }

        let maxSide = depth.thumbnailMaxSide
        context.limitSides(
            to: max(stored.width, stored.height, transformed.width, transformed.height),
            maxPixels: limits.maxPixels)
        let decoded = try HEIFDecodedImage(image, applyingTransforms: !useExif, rgb: maxSide != nil, path: file.path)
        let picture = decoded.size
        if !useExif && picture != (info.width, info.height) {
            // libheif 1.15 applies some containers' transforms (a clean-aperture crop, a rotation
            // whose ispe follows it) to the decoded picture but leaves them out of the handle's
            // size: the picture it decoded, within the limits set above, is the photo's size.
            info.width = picture.width
            info.height = picture.height
            try checkPixels(info, path: file.path)
        }
        guard picture == (info.width, info.height) else {
            throw .corrupt(path: file.path, detail: "libheif decoded a picture of another size than declared")
        }
        guard let maxSide else { return (info, nil) }
        guard let plane = decoded.interleaved else {
            throw .corrupt(path: file.path, detail: "libheif decoded no interleaved picture")
        }
        let channels = image.hasAlpha ? 4 : 3
        var averager = AreaAverager(
            image: info, decodedWidth: plane.width, decodedHeight: plane.height,
            maxSide: maxSide, hasAlpha: image.hasAlpha)
        for y in 0..<plane.height {
            averager.add(row: plane.pixels + y * plane.stride, y: y, channels: channels)
        }
        return (info, averager.picture().oriented(info.orientation))
    }
}

/// A decoded HEIF picture, released on deinit.
final class HEIFDecodedImage {
    private let image: OpaquePointer
    /// Keeps the handle (and so the context) alive as long as the pixels.
    private let handle: HEIFImageHandle

    /// Decodes all of `handle` (strictly: libheif's warnings about damage throw), as 8-bit
    /// interleaved RGB or RGBA when `rgb`, otherwise in its own colour space (enough to validate).
    init(_ handle: HEIFImageHandle, applyingTransforms: Bool, rgb: Bool, path: String) throws(MediaError) {
        self.handle = handle
        guard let options = heif_decoding_options_alloc() else {
            throw .corrupt(path: path, detail: "libheif could not allocate decoding options")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = applyingTransforms ? 0 : 1
        options.pointee.convert_hdr_to_8bit = 1
        options.pointee.strict_decoding = 1
        var image: OpaquePointer?
        let chroma =
            !rgb ? heif_chroma_undefined : handle.hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
        let error = heif_decode_image(
            handle.handle, &image, rgb ? heif_colorspace_RGB : heif_colorspace_undefined,
            chroma, options)
        try handle.owner.check(error, stage: "picture")
        guard let image else { throw .corrupt(path: path, detail: "libheif decoded nothing") }
        self.image = image
        var warning = heif_error()
        if heif_image_get_decoding_warnings(image, 0, &warning, 1) > 0 {
            try handle.owner.check(
                warning.code == heif_error_Ok
                    ? heif_error(code: heif_error_Invalid_input, subcode: warning.subcode, message: warning.message)
                    : warning, stage: "picture")
        }
    }

    deinit { heif_image_release(image) }

    /// The picture's size as decoded (its transforms applied when asked).
    var size: (width: Int, height: Int) {
        (Int(heif_image_get_primary_width(image)), Int(heif_image_get_primary_height(image)))
    }

    /// The interleaved plane (RGB/RGBA decodes only).
    var interleaved: (pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int)? {
        var stride: Int32 = 0
        guard let pixels = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { return nil }
        return (
            pixels, Int(stride), Int(heif_image_get_width(image, heif_channel_interleaved)),
            Int(heif_image_get_height(image, heif_channel_interleaved))
        )
    }
}
