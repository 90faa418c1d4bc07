/// The two kinds of medium PhotoDiary keeps.
public enum MediaKind: String, Sendable, Codable {
    /// A photo: JPEG or PNG.
    case image
    /// A recording: anything libsndfile decodes (WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3).
    case audio
}
