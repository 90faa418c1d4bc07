/// The two kinds of medium PhotoDiary keeps: what sniffing and probing find, what a caller
/// asks for, and what an entry's medium is (DiaryKit names it `MediumKind`, the same type).
///
/// The raw values are the `kind` strings of an entry bundle's `entry.json` and of the
/// `--json` output.
public enum MediaKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A photo (``acceptedFormats``: JPEG, PNG, HEIC, AVIF, WebP).
    case image
    /// A recording (``acceptedFormats``: ``MediaFormatNames/recordings``, through libsndfile,
    /// and FFmpeg for FLAC, M4A and what libsndfile refuses).
    case audio

    /// The formats of this kind that are accepted, as ``MediaFormatNames`` lists them
    /// (`JPEG, PNG, HEIC, AVIF, WebP`), for help and messages.
    public var acceptedFormats: String {
        switch self {
        case .image: MediaFormatNames.photoList
        case .audio: MediaFormatNames.recordingList
        }
    }
}
