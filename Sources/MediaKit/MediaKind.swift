/// The two kinds of medium PhotoDiary keeps.
public enum MediaKind: String, Sendable, Codable {
    /// A photo: JPEG, PNG, HEIC/HEIF, AVIF or WebP.
    case image
    /// A recording: ``MediaFormatNames/recordings`` (libsndfile, and FFmpeg for FLAC, M4A and
    /// what libsndfile refuses).
    case audio
}
