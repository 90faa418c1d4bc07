/// Bounds checked before any pixel or sample is allocated.
public struct MediaLimits: Sendable, Hashable {
    /// The most pixels (width × height) an image may declare; 100 megapixels by default.
    public var maxPixels: Int
    /// The largest file accepted, in bytes; 2 GiB by default.
    public var maxFileSize: Int64
    /// The most decoding work a JPEG may take, in passes over its picture's 8x8 blocks (each
    /// progressive scan is a pass over its components' blocks), so the budget scales with the
    /// pixels; 16 by default. Real files take about 5 (libjpeg's and ImageMagick's scripts)
    /// to 10 (mozjpeg); one of hundreds of scans took 16 s on a large picture without it.
    public var maxDecodePasses: Int

    /// Limits with the given bounds.
    public init(maxPixels: Int = 100_000_000, maxFileSize: Int64 = 2 << 30, maxDecodePasses: Int = 16) {
        self.maxPixels = maxPixels
        self.maxFileSize = maxFileSize
        self.maxDecodePasses = maxDecodePasses
    }
}
