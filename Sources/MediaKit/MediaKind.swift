/// The two kinds of medium PhotoDiary keeps.
public enum MediaKind: String, Sendable, Codable {
    /// A photo: JPEG, PNG, HEIC/HEIF, AVIF or WebP.
    case image
    /// A recording: anything libsndfile decodes (WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3), and
    /// M4A (AAC, ALAC) through FFmpeg.
    case audio
}
