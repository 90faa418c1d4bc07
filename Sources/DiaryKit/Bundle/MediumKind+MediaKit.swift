import MediaKit

extension MediumKind {
    /// The kind of medium MediaKit's sniffing or probing found: DiaryKit's one public kind,
    /// so that no caller above DiaryKit meets MediaKit's `MediaKind`.
    init(_ kind: MediaKind) {
        switch kind {
        case .image: self = .image
        case .audio: self = .audio
        }
    }
}
