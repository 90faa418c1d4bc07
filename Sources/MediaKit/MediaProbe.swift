/// The facts about one media file: an image or a recording.
public enum MediaProbe: Sendable, Hashable {
    /// A photo.
    case image(ImageInfo)
    /// A recording.
    case audio(AudioInfo)

    /// Image or audio.
    public var kind: MediaKind {
        switch self {
        case .image: .image
        case .audio: .audio
        }
    }

    /// The MIME type of the file.
    public var mimeType: String {
        switch self {
        case .image(let info): info.mimeType
        case .audio(let info): info.mimeType
        }
    }
}
