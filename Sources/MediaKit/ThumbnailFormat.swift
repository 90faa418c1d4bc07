/// The encoding of a thumbnail.
public enum ThumbnailFormat: Sendable, Hashable {
    /// Baseline JPEG at the given quality (1...100); transparency is composited on white.
    case jpeg(quality: Int)
    /// 8-bit PNG, RGB or RGBA (transparency kept).
    case png

    /// JPEG at quality 85, the default.
    public static let jpeg = ThumbnailFormat.jpeg(quality: 85)
}
