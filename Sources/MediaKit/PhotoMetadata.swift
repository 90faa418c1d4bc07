/// What a photo's EXIF block says about how it was taken. Every fact is optional: a photo
/// without EXIF, or with EXIF libexif cannot read, has none, and is still a photo.
public struct PhotoMetadata: Sendable, Hashable {
    /// When it was taken (`DateTimeOriginal`, `SubSecTimeOriginal`, `OffsetTimeOriginal`).
    public var captureTime: CaptureTime?
    /// Where it was taken (GPS latitude, longitude and altitude).
    public var location: GeoLocation?
    /// The camera: `Make` and `Model` ("Apple iPhone 15 Pro"; the model alone when it already
    /// names the maker, as "Canon EOS 5D" does). As stored in the file: user-controlled text.
    public var camera: String?
    /// The lens (`LensModel`, or `LensMake` when that is all there is). User-controlled text.
    public var lens: String?

    /// Metadata with the given facts; all absent by default.
    public init(
        captureTime: CaptureTime? = nil, location: GeoLocation? = nil, camera: String? = nil,
        lens: String? = nil
    ) {
        self.captureTime = captureTime
        self.location = location
        self.camera = camera
        self.lens = lens
    }

    /// No fact at all.
    public var isEmpty: Bool { captureTime == nil && location == nil && camera == nil && lens == nil }

    /// The longest camera or lens name kept, in characters (longer names are cut).
    public static let maxNameLength = 128
}
