/// Bounds checked before any pixel or sample is allocated.
public struct MediaLimits: Sendable, Hashable {
    /// The most pixels (width × height) an image may declare; 100 megapixels by default.
    public var maxPixels: Int
    /// The largest file accepted, in bytes; 2 GiB by default.
    public var maxFileSize: Int64

    /// Limits with the given bounds.
    public init(maxPixels: Int = 100_000_000, maxFileSize: Int64 = 2 << 30) {
        self.maxPixels = maxPixels
        self.maxFileSize = maxFileSize
    }
}
