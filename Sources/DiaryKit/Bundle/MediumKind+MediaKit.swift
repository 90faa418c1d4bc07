import MediaKit

extension MediumKind {
    /// The formats of this kind that the diary accepts, as MediaKit names them
    /// (`JPEG, PNG, HEIC, AVIF, WebP`), for help and messages.
    public var acceptedFormats: String {
        switch self {
        case .image: MediaFormatNames.photoList
        case .audio: MediaFormatNames.recordingList
        }
    }

    /// The kind of medium MediaKit's sniffing or probing found: DiaryKit's one public kind,
    /// so that no caller above DiaryKit meets MediaKit's `MediaKind`.
    init(_ kind: MediaKind) {
        switch kind {
        case .image: self = .image
        case .audio: self = .audio
        }
    }
}
