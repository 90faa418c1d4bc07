/// The image file formats MediaKit reads.
public enum ImageFormat: String, Sendable, Hashable, Codable {
    /// JPEG (JFIF/Exif), decoded by libjpeg-turbo.
    case jpeg
    /// PNG, decoded by libpng.
    case png
    /// HEIF with HEVC-coded pictures (what phones write), decoded by libheif.
    case heic
    /// HEIF with pictures in another codec libheif reads.
    case heif
    /// AVIF (HEIF with AV1-coded pictures), decoded by libheif when it has an AV1 decoder.
    case avif
    /// WebP, lossy or lossless, decoded by libwebp.
    case webp

    /// The MIME type of files in this format.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        case .heif: "image/heif"
        case .avif: "image/avif"
        case .webp: "image/webp"
        }
    }
}

/// How an image stores its colours.
public enum ColorModel: String, Sendable, Hashable, Codable {
    /// One gray channel (JPEG or PNG).
    case gray
    /// Gray plus alpha (PNG).
    case grayAlpha
    /// Indexed colours from a palette, maybe with tRNS transparency (PNG).
    case palette
    /// Red, green, blue (PNG RGB; JPEG YCbCr or RGB; HEIF and WebP without alpha).
    case rgb
    /// Red, green, blue plus alpha (PNG; HEIF and WebP with alpha).
    case rgba
    /// CMYK JPEG (ink separations, as written by print workflows).
    case cmyk
    /// YCCK JPEG (CMYK stored in a luma/chroma transform).
    case ycck
}

/// What the header of an image file says about it.
public struct ImageInfo: Sendable, Hashable {
    /// The file format, decided by the content, never the name.
    public var format: ImageFormat
    /// Pixel width as stored (before orientation is applied; for HEIF see `ImageReader+HEIF`).
    public var width: Int
    /// Pixel height as stored (before orientation is applied).
    public var height: Int
    /// Bits per sample (8 for JPEG and WebP; 1, 2, 4, 8 or 16 for PNG; HEIF's luma depth, 8 to 12).
    public var bitDepth: Int
    /// How colours are stored.
    public var colorModel: ColorModel
    /// A progressive JPEG or an Adam7-interlaced PNG.
    public var isProgressiveOrInterlaced: Bool
    /// The EXIF orientation, 1...8; 1 when the file has none.
    public var orientation: Int
    /// Whether an ICC colour profile is embedded.
    public var hasICCProfile: Bool
    /// Bytes after the image's end marker (JPEG EOI, PNG IEND, WebP's RIFF chunk; 0 for HEIF,
    /// whose boxes may lie anywhere). Only a full decode
    /// (`validate`, `importImage`) counts them; `probe` reports 0.
    public var trailingByteCount: Int
    /// What the EXIF block says about the shot: capture time, place, camera, lens (all
    /// optional; read by libexif along with the orientation, in the same header pass).
    public var metadata: PhotoMetadata

    /// The MIME type of the file.
    public var mimeType: String { format.mimeType }

    /// Width and height as displayed, after the orientation is applied.
    public var orientedSize: (width: Int, height: Int) {
        orientation >= 5 ? (height, width) : (width, height)
    }

    /// Makes an info value; MediaInspector fills these from a file.
    public init(
        format: ImageFormat, width: Int, height: Int, bitDepth: Int, colorModel: ColorModel,
        isProgressiveOrInterlaced: Bool, orientation: Int, hasICCProfile: Bool,
        trailingByteCount: Int = 0, metadata: PhotoMetadata = PhotoMetadata()
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorModel = colorModel
        self.isProgressiveOrInterlaced = isProgressiveOrInterlaced
        self.orientation = orientation
        self.hasICCProfile = hasICCProfile
        self.trailingByteCount = trailingByteCount
        self.metadata = metadata
    }
}
